import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, testDialects } from '../../src/server-api.js';
import { signIn, startNodes, within, type Cluster } from './nodes.js';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hasPg = testDialects().includes('postgres');

/** What a relay request with `key` answers on `url`: its status. */
const relay = async (url: string, key: string, model = 'gpt-4o-mini') =>
  (
    await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    })
  ).status;

/**
 * Each kind of management write made on one node, and how long until the other node honours it: within a second
 * with Redis, within SYNC_FREQUENCY without it. The delays are printed for the record.
 */
describe.skipIf(!hasPg).each([
  {
    mode: 'with Redis',
    env: { REDIS_CONN_STRING: REDIS, SYNC_FREQUENCY: '600' } as Record<string, string>,
    bound: 1_000,
  },
  { mode: 'without Redis', env: { SYNC_FREQUENCY: '2' }, bound: 2_500 },
])('a change made on one node reaches the other ($mode)', ({ mode, env, bound }) => {
  let cluster: Cluster;
  let a: string;
  let b: string;
  const delays: Record<string, number> = {};
  beforeAll(async () => {
    cluster = await startNodes({ dialect: 'postgres', count: 2, env });
    [a, b] = cluster.nodes.map((n) => n.url) as [string, string];
  }, 60_000);
  afterAll(async () => {
    console.log(`propagation ${mode} (ms):`, JSON.stringify(delays));
    await cluster?.close();
  }, 30_000);

  it('a token disabled on one node is refused on the other', async () => {
    const { key, tokenId, userId } = await cluster.account(1_000_000);
    await cluster.db
      .updateTable('users')
      .set({ password: await hashPassword('pw-123456') })
      .where('id', '=', userId)
      .execute();
    const username = (
      await cluster.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).username;
    expect(await relay(b, key)).toBe(200);
    const onA = (await signIn(a, username, 'pw-123456')).on(a);
    expect((await onA('PUT', '/api/token/?status_only=true', { id: tokenId, status: 2 })).success).toBe(true);
    delays.token = await within(bound, async () => (await relay(b, key)) === 401);
  });

  it('a user banned, a channel disabled and a price changed on one node hold on the other', async () => {
    const root = await signIn(a, 'root', 'root-password-1');
    const onA = root.on(a);
    const onB = root.on(b);
    const { key, userId } = await cluster.account(1_000_000);
    expect(await relay(b, key)).toBe(200);
    expect((await onA('POST', '/api/user/manage', { id: userId, action: 'disable' })).success).toBe(true);
    delays.ban = await within(bound, async () => (await relay(b, key)) === 403);

    const other = await cluster.account(1_000_000);
    expect(
      (await onA('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 7 }) }))
        .success,
    ).toBe(true);
    delays.option = await within(bound, async () => {
      const options = (await onB('GET', '/api/option/')).data as { key: string; value: string }[];
      return options.some((o) => o.key === 'ModelRatio' && o.value.includes('"gpt-4o-mini":7'));
    });

    const list = (await onA('GET', '/api/channel/?p=0&page_size=100')).data as { id: number; name: string }[];
    const upstream = list.find((c) => c.name === 'upstream')!;
    expect((await onA('PUT', '/api/channel/', { id: upstream.id, status: 2 })).success).toBe(true);
    delays.channel = await within(bound, async () => (await relay(b, other.key)) === 503);
    await onA('PUT', '/api/channel/', { id: upstream.id, status: 1 });
  });
});
