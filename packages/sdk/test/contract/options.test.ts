import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();
// Options these tests change, put back afterwards so that a live server keeps its settings.
const TOUCHED = [
  'RetryTimes',
  'DrawingEnabled',
  'SystemName',
  'GroupRatio',
  'LogConsumeEnabled',
  'ModelRatio',
];
let saved: { key: string; value: string }[] = [];

beforeAll(async () => {
  saved = (await env.root.options.list()).filter((e) => TOUCHED.includes(e.key));
});

afterAll(async () => {
  if (saved.length > 0) await env.root.options.updateMany(saved);
});

describe('client.options', () => {
  it('lists options as strings, with secrets left out', async () => {
    const entries = await env.root.options.list();
    const keys = entries.map((e) => e.key);
    expect(keys).toContain('QuotaPerUnit');
    expect(entries.every((e) => typeof e.value === 'string')).toBe(true);
    expect(keys.filter((k) => /(Token|Secret|Key)$/.test(k))).toEqual([]);
  });

  it('sets one option (required params) and reads it back typed', async () => {
    await env.root.options.update('RetryTimes', 3);
    const map = await env.root.options.getMap();
    expect(map.RetryTimes).toBe(3);
  });

  it('sets several options of every value kind at once', async () => {
    await env.root.options.updateMany([
      { key: 'DrawingEnabled', value: 'false' },
      { key: 'SystemName', value: 'Contract Gateway' },
      { key: 'GroupRatio', value: JSON.stringify({ default: 1, vip: 0.8, svip: 0.5 }) },
    ]);
    await env.root.options.update('LogConsumeEnabled', false);
    const map = await env.root.options.getMap();
    expect(map.DrawingEnabled).toBe(false);
    expect(map.LogConsumeEnabled).toBe(false);
    expect(map.SystemName).toBe('Contract Gateway');
    expect(JSON.parse(String(map.GroupRatio))).toEqual({ default: 1, vip: 0.8, svip: 0.5 });
    expect((await env.anonymous.status.get()).system_name).toBe('Contract Gateway');
  });

  it('resets ModelRatio to the built-in defaults', async () => {
    await env.root.options.update('ModelRatio', { 'gpt-4o': 99 });
    await env.root.options.resetModelRatio();
    const ratios = JSON.parse(String((await env.root.options.getMap()).ModelRatio)) as Record<string, number>;
    expect(ratios['gpt-4o']).not.toBe(99);
  });

  it('is root only: an admin is refused', async () => {
    await expect(env.admin.options.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.options.update('Notice', 'x')).rejects.toBeInstanceOf(BusinessError);
  });

  it('refuses bad input: an empty batch before sending, an unknown key at the server', async () => {
    await expect(env.root.options.updateMany([])).rejects.toBeInstanceOf(ValidationError);
    await expect(env.root.options.update('ModelRatio', '{not json')).rejects.toBeInstanceOf(ValidationError);
    await expect(env.root.options.update('NoSuchOption', 'x')).rejects.toBeInstanceOf(BusinessError);
  });
});
