import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
let admin: Caller;
let user: Caller;
const ids: Record<string, number> = {};

const get = async (url: string, caller = admin) => t.call({ method: 'GET', url, headers: caller.headers });
// 0.4.8's shape: `data` is a bare array of channels.
const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((c) => c.name);

// a(p0) b(p5,tag t1) c(p1,tag t1) d(p3) e(p0,tag t2, group vip) — created in this order.
const seed: [string, Record<string, unknown>][] = [
  ['a', { priority: 0 }],
  ['b', { priority: 5, tag: 't1' }],
  ['c', { priority: 1, tag: 't1' }],
  ['d', { priority: 3, models: 'claude-3-opus' }],
  ['e', { priority: 0, tag: 't2', group: 'vip' }],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRole(Role.Admin);
  user = await t.userWithRole(Role.Common);
  for (const [name, over] of seed) {
    const payload = { name, key: `sk-${name}-secret`, models: 'gpt-4o', ...over };
    const res = await t.call({ method: 'POST', url: '/api/channel/', headers: admin.headers, payload });
    ids[name] = res.json().data[0];
  }
});
afterAll(() => t.close());

describe('GET /api/channel/', () => {
  it('pages by priority desc then id desc, `p` 0-based, with blank keys', async () => {
    const res = await get('/api/channel/?p=0&page_size=3');
    expect(Array.isArray(res.json().data)).toBe(true);
    expect(names(res)).toEqual(['b', 'd', 'c']);
    expect(names(await get('/api/channel/?p=1&page_size=3'))).toEqual(['e', 'a']);
    // `page` is 1-based and wins over `p` (our SDK sends both).
    expect(names(await get('/api/channel/?p=1&page=1&page_size=3'))).toEqual(['b', 'd', 'c']);
    expect(names(await get('/api/channel/?page=2&page_size=3'))).toEqual(['e', 'a']);
    expect(names(await get('/api/channel/?p=-4&page_size=3'))).toEqual(['b', 'd', 'c']);
    expect(res.body).not.toContain('secret');
  });

  it('orders by id desc with id_sort', async () => {
    expect(names(await get('/api/channel/?id_sort=true'))).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('pages over tags in tag mode, returning every channel of the page’s tags', async () => {
    // Rows: t1 (best priority 5), d (3), a (0, id 1), t2 (0, id 5): priority desc then newest id.
    const first = await get('/api/channel/?tag_mode=true&page_size=2');
    expect(names(first)).toEqual(['b', 'c', 'd']);
    expect(names(await get('/api/channel/?tag_mode=true&page_size=2&p=1'))).toEqual(['e', 'a']);
    expect(names(await get('/api/channel/?tag_mode=1&id_sort=1&page_size=2'))).toEqual(['e', 'd']);
    expect(first.body).not.toContain('secret');
  });

  it('rejects bad flags and normal users', async () => {
    expectRefusal(await get('/api/channel/?id_sort=maybe'));
    expectRefusal(await get('/api/channel/?p=x'));
    expectRefusal(await get('/api/channel/', user));
  });
});

describe('GET /api/channel/search', () => {
  it('matches the id when numeric or the name, never the key', async () => {
    expect(names(await get(`/api/channel/search?keyword=${ids['c']}`))).toEqual(['c']);
    expect(names(await get('/api/channel/search?keyword=D'))).toEqual(['d']);
    expect((await get('/api/channel/search?keyword=sk-a-secret')).json().data).toEqual([]);
  });

  it('filters by exact group and by model', async () => {
    expect(names(await get('/api/channel/search?group=vip'))).toEqual(['e']);
    expect((await get('/api/channel/search?group=vi')).json().data).toEqual([]);
    // An empty filter is not given, as in new-api.
    expect(names(await get('/api/channel/search?keyword=&group=&model=claude'))).toEqual(['d']);
    expect(names(await get('/api/channel/search?group='))).toHaveLength(5);
    expect(names(await get('/api/channel/search?model=claude'))).toEqual(['d']);
  });

  it('answers every match unpaged, sorted and grouped like the list', async () => {
    const res = await get('/api/channel/search?model=gpt&page_size=2&p=1&id_sort=true');
    expect(names(res)).toEqual(['e', 'c', 'b', 'a']);
    expect(names(await get('/api/channel/search?keyword=c&tag_mode=true'))).toEqual(['c']);
  });

  it('rejects bad flags and normal users', async () => {
    expectRefusal(await get('/api/channel/search?tag_mode=nope'));
    expectRefusal(await get('/api/channel/search', user));
  });
});
