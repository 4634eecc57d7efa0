import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';
import { ModelRateLimit } from './model-rate-limit.js';
import { RelayError } from '../core/relay-error.js';

describe('ModelRateLimit', () => {
  it('limits total and successful requests per user, taking option changes at once', async () => {
    const t = await createTestApp();
    const o = t.ctx.options;
    const limit = new ModelRateLimit(o);
    for (let i = 0; i < 5; i++) limit.admit(1, 0);
    await o.set('ModelRequestRateLimitEnabled', 'true');
    await o.set('ModelRequestRateLimitCount', '2');
    limit.admit(1, 1000);
    limit.admit(1, 2000);
    expect(() => limit.admit(1, 3000)).toThrow(RelayError);
    limit.admit(2, 3000);
    limit.admit(1, 61_000 + 1000);
    await o.set('ModelRequestRateLimitCount', '0');
    await o.set('ModelRequestRateLimitSuccessCount', '1');
    limit.admit(3, 0);
    limit.succeeded(3, 0);
    try {
      limit.admit(3, 10);
      expect.unreachable();
    } catch (e) {
      expect((e as RelayError).status).toBe(429);
      expect((e as RelayError).params).toMatchObject({ count: 1, minutes: 1 });
    }
    limit.admit(3, 60_001);
    await t.close();
  });
});
