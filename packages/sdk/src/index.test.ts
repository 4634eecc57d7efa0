import { describe, expect, it } from 'vitest';

describe('sdk', () => {
  it('loads', async () => {
    const mod = await import('./index.js');
    expect(typeof mod).toBe('object');
  });
});
