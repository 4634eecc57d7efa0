import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { resolvePrice } from './pricing.js';

describe('resolvePrice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prices a configured model with its group ratio', async () => {
    await t.ctx.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.5 }));
    expect(resolvePrice(t.ctx.options, 'gpt-4o-mini', 'vip')).toMatchObject({
      modelRatio: 0.075,
      groupRatio: 0.5,
    });
  });

  it('never prices a model or group named after an Object.prototype member', () => {
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(resolvePrice(t.ctx.options, model, 'default')).toBeUndefined();
    }
    expect(resolvePrice(t.ctx.options, 'gpt-4o-mini', 'constructor')?.groupRatio).toBe(1);
  });
});
