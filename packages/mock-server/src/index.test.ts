import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, LOG_COUNT, type MockServer } from './index.js';

const NOW = 1_780_000_000;
let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 7, now: NOW });
});
afterAll(() => mock?.close());

async function login(username: string, password: string) {
  const res = await fetch(`${mock.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))
      ?.split(';')[0] ?? '';
  return { body, headers: { cookie, 'new-api-user': String(body.data?.id) } };
}

const count = async (table: 'logs' | 'tokens' | 'redemptions' | 'channels' | 'abilities' | 'quota_data') =>
  Number(
    (
      await mock.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('createMockServer', () => {
  it('listens on loopback and answers GET /api/status', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${mock.url}/api/status`);
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
  });

  it('lets every seeded user log in over real HTTP', async () => {
    const { users } = mock.credentials;
    for (const u of [users.root, users.admin, users.alice, users.bob]) {
      const { body } = await login(u.username, u.password);
      expect(body).toMatchObject({ success: true, data: { username: u.username, role: u.role } });
    }
    expect((await login('root', 'wrong-password')).body.success).toBe(false);
  });

  it('serves the seeded logs through the real admin API', async () => {
    const root = await login('root', '123456');
    const res = await fetch(`${mock.url}/api/log/?p=1&page_size=5`, { headers: root.headers });
    const body = await res.json();
    expect(body.data.total).toBe(LOG_COUNT);
    expect(body.data.items).toHaveLength(5);
  });

  it('seeds the documented fixture counts', async () => {
    expect(await count('logs')).toBe(1000);
    expect(await count('tokens')).toBe(8);
    expect(await count('redemptions')).toBe(4);
    expect(await count('quota_data')).toBeGreaterThan(100);
    const statuses = await mock.db.selectFrom('tokens').select(['user_id', 'status', 'key']).execute();
    for (const id of [mock.credentials.users.alice.id, mock.credentials.users.bob.id]) {
      expect(
        statuses
          .filter((t) => t.user_id === id)
          .map((t) => t.status)
          .sort(),
      ).toEqual([1, 2, 3, 4]);
    }
    expect(statuses.every((t) => t.key.length === 48)).toBe(true);
    const codes = await mock.db.selectFrom('redemptions').select('status').execute();
    expect(new Set(codes.map((c) => c.status))).toEqual(new Set([1, 2, 3]));
    const types = await mock.db.selectFrom('channels').select(['type', 'status']).execute();
    expect(new Set(types.map((c) => c.type))).toEqual(new Set([1, 3, 14, 24, 8]));
    expect(new Set(types.map((c) => c.status))).toEqual(new Set([1, 2, 3]));
    expect(await mock.db.selectFrom('midjourneys').selectAll().execute()).toHaveLength(4);
    expect(await mock.db.selectFrom('tasks').selectAll().execute()).toHaveLength(4);
  });

  it('dates logs within the 7 days before `now`, mostly consume', async () => {
    const logs = await mock.db.selectFrom('logs').select(['created_at', 'type']).execute();
    expect(logs.every((l) => l.created_at <= NOW && l.created_at > NOW - 7 * 86400)).toBe(true);
    expect(logs.filter((l) => l.type === 2).length).toBeGreaterThan(800);
  });

  it('enables abilities only for enabled channels', async () => {
    const rows = await mock.db
      .selectFrom('abilities')
      .innerJoin('channels', 'channels.id', 'abilities.channel_id')
      .select(['abilities.enabled', 'channels.status'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(Boolean(r.enabled)).toBe(r.status === 1);
  });

  it('stores channel keys sealed, never in plaintext', async () => {
    const rows = await mock.db.selectFrom('channels').select(['id', 'key']).execute();
    for (const c of mock.credentials.channels) {
      const stored = rows.find((r) => r.id === c.id)!.key;
      expect(stored).not.toContain(c.key);
      expect(stored.startsWith('enc:v1:')).toBe(true);
      expect(mock.ctx.secrets.open(stored)).toBe(c.key);
    }
  });

  it('is deterministic for a seed', async () => {
    const twin = await createMockServer({ seed: 7, now: NOW });
    const other = await createMockServer({ seed: 8, now: NOW });
    try {
      expect(twin.credentials.apiKey).toBe(mock.credentials.apiKey);
      expect(twin.credentials.redemptions.map((r) => r.key)).toEqual(
        mock.credentials.redemptions.map((r) => r.key),
      );
      const logsOf = (m: MockServer) =>
        m.db.selectFrom('logs').select(['created_at', 'model_name', 'quota']).orderBy('id').execute();
      expect(await logsOf(twin)).toEqual(await logsOf(mock));
      expect(other.credentials.apiKey).not.toBe(mock.credentials.apiKey);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('releases both ports on close()', async () => {
    const m = await createMockServer({ seed: 2 });
    const ports = [m.port, m.upstreams.openai.port];
    await m.close();
    for (const port of ports) {
      await expect(fetch(`http://127.0.0.1:${port}/api/status`)).rejects.toThrow();
      const probe = createServer();
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(port, '127.0.0.1', () => resolve());
      });
      await new Promise((resolve) => probe.close(resolve));
    }
  });
});
