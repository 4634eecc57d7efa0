import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { expectRefusal } from '../../testing/refusal.js';

// Masked as newer new-api does, without `sk-` (new-api stores and lists keys without it).
const MASKED = /^[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/;
const en = { 'accept-language': 'en' };

describe.each(testDialects())('tokens routes on %s', (dialect) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;

  const create = (who: Caller, payload: object) =>
    t.call({ method: 'POST', url: '/api/token/', headers: { ...who.headers, ...en }, payload });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    alice = await t.userWithRole(1);
    bob = await t.userWithRole(1);
  });
  afterAll(() => t.close());

  it('creates a token and answers its full key once', async () => {
    const res = await create(alice, { name: 'first' });
    expect(res.statusCode).toBe(200);
    const [token] = res.json().data;
    expect(token).toMatchObject({ name: 'first' });
    expect(token.key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
  });

  it('creates a batch: the first keeps the name, the others get a 6-character suffix', async () => {
    const res = await create(alice, { name: 'ci', count: 3, remain_quota: 10 });
    const names = res.json().data.map((x: { name: string }) => x.name);
    expect(names[0]).toBe('ci');
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^ci-[0-9A-Za-z]{6}$/),
      expect.stringMatching(/^ci-/),
    ]);
    const search = await t.call({
      method: 'GET',
      url: '/api/token/search?keyword=ci',
      headers: alice.headers,
    });
    expect(search.json().data).toHaveLength(3);
  });

  it('rejects invalid input with the spec message and writes nothing', async () => {
    expect((await create(alice, { name: '' })).json()).toEqual({
      success: false,
      message: 'please enter the token name',
    });
    expectRefusal(await create(alice, { name: 'bad_one', count: 0 }));
    expectRefusal(await create(alice, { name: 'bad_one', count: 101 }));
    expect((await create(alice, { name: 'bad_one', expired_time: 'soon' })).json().message).toBe(
      'expiry time format error',
    );
    const list = await t.call({
      method: 'GET',
      url: '/api/token/search?keyword=bad_',
      headers: alice.headers,
    });
    expect(list.json().data).toEqual([]);
  });

  it('accepts only usable groups', async () => {
    expect((await create(alice, { name: 'g', group: 'vip' })).statusCode).toBe(200);
    const res = await create(alice, { name: 'g', group: 'secret' });
    expectRefusal(res);
    expect(res.json().message).toBe('you may not use the group secret');
  });

  it('lists own tokens newest first with masked keys, paged', async () => {
    // 0.4.8: a bare array, `p` 0-based, `size` as the page size.
    const list = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/token/?${query}`, headers: alice.headers })).json().data;
    const first = await list('p=0&size=2');
    expect(first).toHaveLength(2);
    expect(first[0].id).toBeGreaterThan(first[1].id);
    for (const item of first) expect(item.key).toMatch(MASKED);
    const second = await list('p=1&size=2');
    expect(second[0].id).toBeLessThan(first[1].id);
    expect(await list('page=2&page_size=2')).toEqual(second);
    expect((await list('p=0&size=100')).length).toBeGreaterThanOrEqual(5);
    const other = await t.call({ method: 'GET', url: '/api/token/', headers: bob.headers });
    expect(other.json().data).toEqual([]);
  });

  it('searches by the key or part of it, with or without sk-, among own tokens only, and masks the result', async () => {
    const [made] = (await create(alice, { name: 'findme' })).json().data;
    const search = async (who: Caller, query: string) =>
      (await t.call({ method: 'GET', url: `/api/token/search?${query}`, headers: who.headers })).json()
        .data as { id: number; key: string }[];
    for (const token of [made.key, made.key.slice(3), made.key.slice(3, 20), made.key.slice(30)]) {
      const found = await search(alice, `token=${encodeURIComponent(token)}`);
      expect(found.map((x) => x.id)).toEqual([made.id]);
      expect(found[0]!.key).toMatch(MASKED);
    }
    // new-api's LIKE '%…%', but the caller's text matches literally and never another user's key.
    expect(await search(bob, `token=${made.key.slice(3, 20)}`)).toEqual([]);
    for (const wild of ['%25', '_', '%25%25', '_%25'])
      expect(await search(alice, `token=${wild}`)).toEqual([]);
    expect(await search(alice, 'keyword=%25')).toEqual([]);
    expect(await search(alice, `keyword=findme&token=${made.key.slice(10, 16)}`)).toHaveLength(1);
    expect(await search(alice, `keyword=other&token=${made.key.slice(10, 16)}`)).toEqual([]);
  });

  it('gets one token masked and reveals the key to its owner only', async () => {
    const [made] = (await create(alice, { name: 'reveal' })).json().data;
    const get = await t.call({ method: 'GET', url: `/api/token/${made.id}`, headers: alice.headers });
    expect(get.json().data).toMatchObject({ id: made.id, name: 'reveal', status: 1, unlimited_quota: false });
    expect(get.json().data.key).toMatch(MASKED);
    const reveal = await t.call({ method: 'POST', url: `/api/token/${made.id}/key`, headers: alice.headers });
    expect(reveal.json().data).toEqual({ key: made.key });
    for (const url of [`/api/token/${made.id}`, `/api/token/${made.id}/key`]) {
      const method = url.endsWith('/key') ? 'POST' : 'GET';
      expectRefusal(await t.call({ method, url, headers: bob.headers }));
    }
    expectRefusal(await t.call({ method: 'GET', url: '/api/token/abc', headers: alice.headers }));
    expect((await t.call({ method: 'GET', url: `/api/token/${made.id}` })).statusCode).toBe(401);
  });

  it('updates every field and answers the masked token', async () => {
    const [made] = (await create(alice, { name: 'edit' })).json().data;
    const res = await t.call({
      method: 'PUT',
      url: '/api/token/',
      headers: alice.headers,
      payload: {
        id: made.id,
        name: 'edited',
        remain_quota: 7,
        unlimited_quota: true,
        model_limits: ['a', 'b'],
      },
    });
    expect(res.json().data).toMatchObject({
      name: 'edited',
      remain_quota: 7,
      unlimited_quota: true,
      model_limits: 'a,b',
    });
    expect(res.json().data.key).toMatch(MASKED);
    const foreign = await t.call({
      method: 'PUT',
      url: '/api/token/',
      headers: bob.headers,
      payload: { id: made.id },
    });
    expectRefusal(foreign);
    const bad = await t.call({
      method: 'PUT',
      url: '/api/token/',
      headers: alice.headers,
      payload: { id: made.id, remain_quota: -1 },
    });
    expectRefusal(bad);
  });

  it('toggles status and refuses to enable expired or exhausted tokens', async () => {
    const put = (who: Caller, payload: object, statusOnly = true) =>
      t.call({
        method: 'PUT',
        url: statusOnly ? '/api/token/?status_only=true' : '/api/token/',
        headers: { ...who.headers, ...en },
        payload,
      });
    const [a] = (await create(alice, { name: 'toggle' })).json().data;
    expect((await put(alice, { id: a.id, status: 2 })).json().data.status).toBe(2);
    expect((await put(alice, { id: a.id, status: 1 })).json().data.status).toBe(1);
    expectRefusal(await put(alice, { id: a.id, status: 3 }));
    expectRefusal(await put(bob, { id: a.id, status: 2 }));

    const [expired] = (await create(alice, { name: 'old', expired_time: 1000 })).json().data;
    expect(
      (await t.call({ method: 'GET', url: `/api/token/${expired.id}`, headers: alice.headers })).json().data
        .status,
    ).toBe(3);
    await put(alice, { id: expired.id, status: 2 });
    const refused = await put(alice, { id: expired.id, status: 1 });
    expectRefusal(refused);
    expect(refused.json().message).toMatch(/has expired and cannot be enabled/);
    // A full update that still leaves it expired is refused too; fixing the expiry enables it.
    expectRefusal(await put(alice, { id: expired.id, status: 1 }, false));
    expect(
      (await put(alice, { id: expired.id, status: 1, expired_time: -1 }, false)).json().data.status,
    ).toBe(1);

    const [dry] = (await create(alice, { name: 'dry', remain_quota: 0 })).json().data;
    expect((await put(alice, { id: dry.id, name: 'dry2' }, false)).json().data.status).toBe(4);
    const exhausted = await put(alice, { id: dry.id, status: 1 });
    expectRefusal(exhausted);
    expect(exhausted.json().message).toMatch(/quota is used up/);
    expect((await put(alice, { id: dry.id, remain_quota: 5 }, false)).json().data.status).toBe(1);
  });

  it('soft-deletes own tokens only', async () => {
    const [made] = (await create(alice, { name: 'bye' })).json().data;
    expectRefusal(await t.call({ method: 'DELETE', url: `/api/token/${made.id}/`, headers: bob.headers }));
    expect(
      (await t.call({ method: 'DELETE', url: `/api/token/${made.id}`, headers: alice.headers })).json(),
    ).toEqual({
      success: true,
      message: '',
    });
    expectRefusal(await t.call({ method: 'GET', url: `/api/token/${made.id}`, headers: alice.headers }));
    const row = await t.ctx.db
      .selectFrom('tokens')
      .select('deleted_at')
      .where('id', '=', made.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeGreaterThan(0);
    expectRefusal(await t.call({ method: 'DELETE', url: '/api/token/0', headers: alice.headers }));
  });
});
