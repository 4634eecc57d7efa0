import { LogType, Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../db/insert-id.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

const NOW = 1_800_000_000;
let t: TestApp;
let root: Caller;
let alice: Caller;
let bob: Caller;
let channelId: number;

const other = JSON.stringify({ model_ratio: 1, admin_info: { use_channel: ['1', '2'] } });

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  root = await t.root();
  alice = await t.userWithRole(Role.Common, { username: 'alice' });
  bob = await t.userWithRole(Role.Common, { username: 'bob' });
  channelId = await insertReturningId(t.ctx.db, 'channels', { key: 'k', name: 'main-channel' });
  const row = (userId: number, username: string, createdAt: number, extra: Record<string, unknown> = {}) => ({
    user_id: userId,
    username,
    created_at: createdAt,
    type: LogType.Consume,
    content: 'model ratio 1',
    model_name: 'gpt-4o',
    token_name: 'tok',
    quota: 100,
    prompt_tokens: 10,
    completion_tokens: 5,
    channel_id: channelId,
    group: 'default',
    is_stream: 0,
    other,
    ...extra,
  });
  await t.ctx.db
    .insertInto('logs')
    .values([
      row(alice.id, 'alice', NOW - 1000),
      row(alice.id, 'alice', NOW - 30, { quota: 50, model_name: 'gpt-4o-mini' }),
      row(alice.id, 'alice', NOW - 10, { type: LogType.TopUp, quota: 9999, content: 'topped up' }),
      row(bob.id, 'bob', NOW - 20, { quota: 7, prompt_tokens: 1, completion_tokens: 1 }),
      row(bob.id, 'bob', 100, { quota: 1 }),
    ])
    .execute();
});
afterAll(() => t.close());

const get = (url: string, who: Caller) => t.call({ method: 'GET', url, headers: who.headers });

describe('GET /api/log/', () => {
  it('lists every log newest first with channel names for admins', async () => {
    const body = (await get('/api/log/?p=1&page_size=2', root)).json();
    expect(body.success).toBe(true);
    expect(body.data.total).toBe(5);
    expect(body.data.items).toHaveLength(2);
    expect(body.data.items[0]).toMatchObject({ username: 'alice', type: 1, channel: channelId });
    expect(body.data.items[0].channel_name).toBe('main-channel');
    expect(JSON.parse(body.data.items[0].other).admin_info).toBeDefined();
  });

  it('filters by type, username, model, channel and time', async () => {
    const q = `type=2&username=alice&model_name=gpt-4o&channel=${channelId}&start_timestamp=${NOW - 2000}&end_timestamp=${NOW}`;
    const body = (await get(`/api/log/?${q}`, root)).json();
    expect(body.data.total).toBe(1);
    expect(body.data.items[0].created_at).toBe(NOW - 1000);
    const like = (await get('/api/log/?model_name=gpt-4o%25', root)).json();
    expect(like.data.total).toBe(5);
  });

  it('reads empty and non-numeric filters as not given, as the 0.4.8 console sends them', async () => {
    const all = (
      await get('/api/log/?p=1&page_size=10&type=0&channel=&group=&end_timestamp=NaN', root)
    ).json();
    expect(all).toMatchObject({ success: true, data: { total: 5, page: 1, page_size: 10 } });
    expect((await get('/api/log/stat?channel=&username=&end_timestamp=NaN', root)).json().data.quota).toBe(
      158,
    );
  });

  it('is admin only', async () => {
    expectRefusal(await get('/api/log/', alice));
  });

  it('rejects a bad type', async () => {
    expectRefusal(await get('/api/log/?type=9', root));
  });
});

describe('GET /api/log/self', () => {
  it('shows only own logs, sanitised', async () => {
    const body = (await get(`/api/log/self?username=bob&channel=${channelId}`, alice)).json();
    expect(body.data.total).toBe(3);
    for (const log of body.data.items) {
      expect(log.username).toBe('alice');
      expect(log.channel).toBe(0);
      expect(log.channel_name).toBe('');
      expect(log.id).toBeLessThan(1024);
      expect(JSON.parse(log.other)).toEqual({ model_ratio: 1 });
    }
  });

  it('needs a login', async () => {
    expect((await t.call({ method: 'GET', url: '/api/log/self' })).statusCode).toBe(401);
  });

  it('rejects an inverted time range', async () => {
    expectRefusal(await get('/api/log/self?start_timestamp=10&end_timestamp=5', alice));
  });
});

describe('log search', () => {
  it('matches the type for numeric keywords and the content start otherwise', async () => {
    // 0.4.8's shape: a bare array, unpaged.
    expect((await get('/api/log/search?keyword=1', root)).json().data).toHaveLength(1);
    expect((await get('/api/log/search?keyword=topped', root)).json().data[0].content).toBe('topped up');
    expect((await get('/api/log/search?keyword=up', root)).json().data).toEqual([]);
    expect((await get('/api/log/search?keyword=100%25', root)).json().data).toEqual([]);
  });

  it('keeps users to their own rows', async () => {
    const body = (await get('/api/log/self/search?keyword=2', bob)).json();
    expect(body.data).toHaveLength(2);
    expect(body.data.every((l: { channel_name: string }) => l.channel_name === '')).toBe(true);
    expectRefusal(await get('/api/log/search?keyword=2', bob));
  });

  it('ignores paging (new-api answers at most 100 rows)', async () => {
    expect((await get('/api/log/search?keyword=2&p=9&page_size=1', root)).json().data).toHaveLength(4);
  });
});

describe('log stat', () => {
  it('sums consumed quota and counts the last minute', async () => {
    const body = (await get('/api/log/stat', root)).json();
    expect(body.data).toEqual({ quota: 100 + 50 + 7 + 1, rpm: 2, tpm: 15 + 2 });
    const alices = (await get('/api/log/stat?username=alice', root)).json();
    expect(alices.data).toEqual({ quota: 150, rpm: 1, tpm: 15 });
  });

  it('forces the caller on self stat', async () => {
    const body = (await get('/api/log/self/stat?username=alice', bob)).json();
    expect(body.data).toEqual({ quota: 8, rpm: 1, tpm: 2 });
    expectRefusal(await get('/api/log/stat', bob));
    expectRefusal(await get('/api/log/self/stat?type=9', bob));
    // A type that is not a number at all is read as "every type", as new-api's Atoi does.
    expect((await get('/api/log/self/stat?type=x', bob)).json().data).toEqual(body.data);
  });
});

describe('DELETE /api/log/', () => {
  it('needs a valid timestamp and an admin', async () => {
    const del = (url: string, who: Caller) => t.call({ method: 'DELETE', url, headers: who.headers });
    expectRefusal(await del('/api/log/', root));
    expectRefusal(await del('/api/log/?target_timestamp=abc', root));
    expectRefusal(await del('/api/log/?target_timestamp=1000', alice));
    const body = (await del('/api/log/?target_timestamp=1000', root)).json();
    expect(body).toMatchObject({ success: true, data: 1 });
    expect((await get('/api/log/', root)).json().data.total).toBe(4);
  });
});

describe('GET /api/log/token', () => {
  it("lists one key's logs without login, sanitised, with CORS open", async () => {
    const key = 'k'.repeat(48);
    const tokenId = await insertReturningId(t.ctx.db, 'tokens', { user_id: bob.id, key, name: 'bob-key' });
    await t.ctx.db
      .insertInto('logs')
      .values({
        user_id: bob.id,
        username: 'bob',
        created_at: NOW,
        type: LogType.Consume,
        token_id: tokenId,
        other,
      })
      .execute();
    const res = await t.call({ method: 'GET', url: `/api/log/token?key=sk-${key}` });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ username: 'bob', channel: 0, channel_name: '' });
    expect(body.data[0].other).not.toContain('admin_info');
    const unknown = (await t.call({ method: 'GET', url: '/api/log/token?key=sk-nope' })).json();
    expect(unknown.data).toEqual([]);
    expectRefusal(await t.call({ method: 'GET', url: '/api/log/token' }));
  });
});
