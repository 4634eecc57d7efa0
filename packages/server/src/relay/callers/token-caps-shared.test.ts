import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedRedis } from '../../cluster/redis.js';
import type { RelayToken } from '../core/caller.js';
import { RelayError } from '../core/relay-error.js';
import { TokenCaps } from './token-caps.js';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
};

/** Two nodes' caps on one Redis: what a key used on either counts on both. */
describe('per-token caps across nodes', () => {
  const redis = [new SharedRedis(REDIS, () => {}), new SharedRedis(REDIS, () => {})];
  const [a, b] = redis.map((r) => new TokenCaps(r)) as [TokenCaps, TokenCaps];
  // A fresh id per run: the window lives a minute in the shared Redis.
  const token = { id: 1e9 + Math.floor(Math.random() * 1e8), tpmLimit: 1_000 } as RelayToken;

  beforeAll(() => until(() => redis.every((r) => r.up)));
  afterAll(async () => {
    await redis[0]!.client.del(`switchboard:tpm:${token.id}`);
    for (const r of redis) await r.close();
  });

  it('refuses on one node the tokens per minute the other used up, with when it frees', async () => {
    const admitted = a.admit(token);
    expect(admitted).toBeInstanceOf(Promise);
    (await admitted!)();
    a.used(token, 600);
    b.used(token, 500);
    // Each node alone has seen less than the limit; together they are past it (the adds are not awaited).
    let refusal: unknown;
    for (let i = 0; i < 20 && !refusal; i++) {
      try {
        (await a.admit(token)!)();
        await new Promise((r) => setTimeout(r, 25));
      } catch (err) {
        refusal = err;
      }
    }
    expect(refusal).toBeInstanceOf(RelayError);
    expect((refusal as RelayError).status).toBe(429);
    expect((refusal as RelayError).code).toBe('token_tpm_exceeded');
    expect((refusal as RelayError).retryAfterS).toBeGreaterThanOrEqual(1);
    expect((refusal as RelayError).retryAfterS).toBeLessThanOrEqual(60);
    await expect(b.admit(token)!).rejects.toMatchObject({ code: 'token_tpm_exceeded' });
    // A bigger limit on the same key still has room.
    (await b.admit({ ...token, tpmLimit: 2_000 })!)();
  });
});
