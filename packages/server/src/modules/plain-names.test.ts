import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../testing/refusal.js';
import { createTestApp, type Caller, type TestApp } from '../testing/test-app.js';

// Names are printed by `swb` and drawn by the console; an ESC or a line break in one would recolour a
// terminal or forge a row of TSV. Every route that sets a name refuses them, in new-api's envelope.
const REFUSED =
  'names must not contain control characters (such as line breaks, tabs or ESC) or text-direction controls';
const BAD = ['x\u001b]0;pwned\u0007', 'x\ny', 'x\u202ey'];
const TABLES = ['users', 'tokens', 'redemptions', 'channels', 'options'] as const;

let t: TestApp;
let root: Caller;
let alice: Caller;
let tokenId: number;
let redemptionId: number;
let channelId: number;

const call = (who: Caller | null, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.call({ method, url, headers: { ...(who?.headers ?? {}), 'accept-language': 'en' }, payload });
const everything = async () =>
  Promise.all(TABLES.map((table) => t.ctx.db.selectFrom(table).selectAll().execute()));

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  alice = await t.userWithRole(1, { username: 'alice' });
  await t.ctx.options.set('RegisterEnabled', 'true');
  await t.ctx.options.set('PasswordRegisterEnabled', 'true');
  await t.ctx.options.set('EmailVerificationEnabled', 'false');
  expect((await call(alice, 'POST', '/api/token/', { name: 'ci' })).json().success).toBe(true);
  tokenId = (await t.ctx.db.selectFrom('tokens').select('id').executeTakeFirstOrThrow()).id;
  expect((await call(root, 'POST', '/api/redemption/', { name: 'gift', quota: 1 })).json().success).toBe(
    true,
  );
  redemptionId = (await t.ctx.db.selectFrom('redemptions').select('id').executeTakeFirstOrThrow()).id;
  const channel = { type: 1, name: 'main', key: 'sk-abc', models: 'gpt-4o', tag: 'team' };
  expect((await call(root, 'POST', '/api/channel/', channel)).json().success).toBe(true);
  channelId = (await t.ctx.db.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

// [label, caller, method, url, body with the name set to `text`]
const ROUTES: [string, () => Caller | null, 'POST' | 'PUT', string, (text: string) => object][] = [
  ['register', () => null, 'POST', '/api/user/register', (n) => ({ username: n, password: 'secret123' })],
  ['admin add user', () => root, 'POST', '/api/user/', (n) => ({ username: n, password: 'secret123' })],
  [
    'admin add user: display name',
    () => root,
    'POST',
    '/api/user/',
    (n) => ({ username: 'bob', password: 'secret123', display_name: n }),
  ],
  ['admin edit: username', () => root, 'PUT', '/api/user/', (n) => ({ id: alice.id, username: n })],
  ['admin edit: display name', () => root, 'PUT', '/api/user/', (n) => ({ id: alice.id, display_name: n })],
  ['admin edit: group', () => root, 'PUT', '/api/user/', (n) => ({ id: alice.id, group: n })],
  ['self: username', () => alice, 'PUT', '/api/user/self', (n) => ({ username: n })],
  ['self: display name', () => alice, 'PUT', '/api/user/self', (n) => ({ display_name: n })],
  ['token create', () => alice, 'POST', '/api/token/', (n) => ({ name: n })],
  ['token rename', () => alice, 'PUT', '/api/token/', (n) => ({ id: tokenId, name: n })],
  ['redemption create', () => root, 'POST', '/api/redemption/', (n) => ({ name: n, quota: 1 })],
  ['redemption rename', () => root, 'PUT', '/api/redemption/', (n) => ({ id: redemptionId, name: n })],
  [
    'channel create',
    () => root,
    'POST',
    '/api/channel/',
    (n) => ({ type: 1, name: n, key: 'sk-x', models: 'gpt-4o' }),
  ],
  [
    'channel create: group',
    () => root,
    'POST',
    '/api/channel/',
    (n) => ({ type: 1, name: 'c2', key: 'sk-x', models: 'gpt-4o', group: n }),
  ],
  ['channel rename', () => root, 'PUT', '/api/channel/', (n) => ({ id: channelId, name: n })],
  ['channel retag', () => root, 'PUT', '/api/channel/', (n) => ({ id: channelId, tag: n })],
  ['batch tag', () => root, 'POST', '/api/channel/batch/tag', (n) => ({ ids: [channelId], tag: n })],
  ['tag rename', () => root, 'PUT', '/api/channel/tag', (n) => ({ tag: 'team', new_tag: n })],
  [
    'group names',
    () => root,
    'PUT',
    '/api/option/',
    (n) => ({ key: 'GroupRatio', value: JSON.stringify({ default: 1, [n]: 2 }) }),
  ],
];

describe('names with control characters', () => {
  it.each(ROUTES)('%s is refused and writes nothing', async (_label, who, method, url, body) => {
    const before = await everything();
    for (const name of BAD) {
      const res = await call(who(), method, url, body(name));
      expect(expectRefusal(res, JSON.stringify(name))).toBe(REFUSED);
    }
    expect(await everything()).toEqual(before);
  });

  it('are refused in Chinese by default', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: alice.headers,
      payload: { name: 'a\tb' },
    });
    expect(expectRefusal(res)).toBe('名称不能包含控制字符（如换行、制表符、ESC）或文字方向控制符');
  });
});
