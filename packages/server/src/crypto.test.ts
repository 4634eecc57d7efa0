import { describe, expect, it } from 'vitest';
import { SecretBox, sha256Hex } from './crypto.js';

describe('SecretBox', () => {
  const box = new SecretBox('secret-a');

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('sk-live-key');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('sk-live-key');
    expect(box.seal('sk-live-key')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('sk-live-key');
  });

  it('refuses a tampered value or another secret, and passes imported plaintext through', () => {
    const sealed = box.seal('k');
    const raw = Buffer.from(sealed.slice(7), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`enc:v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new SecretBox('secret-b').open(sealed)).toThrow();
    expect(box.open('plain-imported-key')).toBe('plain-imported-key');
  });

  it('hashes access tokens deterministically', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
