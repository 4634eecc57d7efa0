import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { abilitiesOf, channelBody, createChannels } from './channel-test-kit.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
let admin: Caller;
let root: Caller;
let user: Caller;

const en = (c: Caller) => ({ ...c.headers, 'accept-language': 'en' });
const body = channelBody;
const create = (over: Record<string, unknown> = {}) => createChannels(t, admin, over);
const abilities = (id: number) => abilitiesOf(t, id);

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  admin = await t.userWithRole(Role.Admin);
  user = await t.userWithRole(Role.Common);
});
afterAll(() => t.close());

describe('POST /api/channel/', () => {
  it('creates a channel with a sealed key and its abilities', async () => {
    const [id] = await create();
    const row = await t.ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row.key).not.toContain('sk-secret-1');
    expect(t.ctx.secrets.open(row.key)).toBe('sk-secret-1');
    expect((await abilities(id!)).map((a) => `${a.group}/${a.model}`)).toEqual([
      'default/gpt-4o',
      'default/gpt-4o-mini',
      'vip/gpt-4o',
      'vip/gpt-4o-mini',
    ]);
  });

  it('creates one channel per key line in batch mode', async () => {
    const ids = await create({ mode: 'batch', key: 'k1\nk2\n\nk3', name: 'batch' });
    expect(ids).toHaveLength(3);
    const rows = await t.ctx.db.selectFrom('channels').select('key').where('id', 'in', ids).execute();
    expect(rows.map((r) => t.ctx.secrets.open(r.key)).sort()).toEqual(['k1', 'k2', 'k3']);
  });

  it('is all-or-nothing in batch mode', async () => {
    const before = await t.ctx.db.selectFrom('channels').select('id').execute();
    const seal = t.ctx.secrets.seal.bind(t.ctx.secrets);
    let calls = 0;
    const spy = vi.spyOn(t.ctx.secrets, 'seal').mockImplementation((plain) => {
      if (++calls === 3) throw new Error('boom');
      return seal(plain);
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/channel/',
      headers: admin.headers,
      payload: body({ mode: 'batch', key: 'a\nb\nc' }),
    });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(await t.ctx.db.selectFrom('channels').select('id').execute()).toHaveLength(before.length);
  });

  it('rejects a missing name or key and bad JSON with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'please fill in the channel name and key'],
      [{ key: undefined }, 'please fill in the channel name and key'],
      [{ model_mapping: '{bad' }, 'the model mapping must be a valid JSON object'],
      [{ models: '' }, 'please select at least one model'],
      [{ key: 'a\nb' }, 'a single channel takes a one-line key; use batch mode for one key per line'],
    ];
    for (const [over, message] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/channel/',
        headers: en(admin),
        payload: body(over),
      });
      expectRefusal(res);
      expect(res.json()).toEqual({ success: false, message });
    }
  });
});

describe('permissions', () => {
  const routes: [string, string][] = [
    ['GET', '/api/channel/'],
    ['GET', '/api/channel/search?keyword=x'],
    ['GET', '/api/channel/1'],
    ['POST', '/api/channel/'],
    ['PUT', '/api/channel/'],
    ['DELETE', '/api/channel/1'],
    ['DELETE', '/api/channel/disabled'],
    ['POST', '/api/channel/batch'],
    ['POST', '/api/channel/batch/tag'],
    ['POST', '/api/channel/fix'],
    ['POST', '/api/channel/tag/enabled'],
    ['POST', '/api/channel/tag/disabled'],
    ['PUT', '/api/channel/tag'],
    ['GET', '/api/channel/models'],
    ['GET', '/api/channel/models_enabled'],
  ];

  it('refuses every admin route to a normal user with 403', async () => {
    for (const [method, url] of routes) {
      const res = await t.call({ method: method as 'GET', url, headers: user.headers, payload: {} });
      expectRefusal(res, `${method} ${url}`);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.call({ method: 'GET', url: '/api/channel/' });
    expect(res.statusCode).toBe(401);
  });

  it('reveals a key to root only', async () => {
    const [id] = await create({ key: 'sk-reveal' });
    const denied = await t.call({ method: 'POST', url: `/api/channel/${id}/key`, headers: admin.headers });
    expectRefusal(denied);
    const res = await t.call({ method: 'POST', url: `/api/channel/${id}/key`, headers: root.headers });
    expect(res.json()).toEqual({ success: true, message: '', data: { key: 'sk-reveal' } });
    const missing = await t.call({ method: 'POST', url: '/api/channel/99999/key', headers: root.headers });
    expectRefusal(missing);
  });
});

describe('GET /api/channel/:id', () => {
  it('returns every field with a blank key', async () => {
    const [id] = await create({ key: 'sk-hidden', tag: 't1' });
    const res = await t.call({ method: 'GET', url: `/api/channel/${id}`, headers: admin.headers });
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      key: '',
      name: 'main',
      group: 'default,vip',
      groups: ['default', 'vip'],
      tag: 't1',
    });
    expect(res.body).not.toContain('sk-hidden');
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expectRefusal(await t.call({ method: 'GET', url: '/api/channel/99999', headers: admin.headers }));
    expectRefusal(await t.call({ method: 'GET', url: '/api/channel/abc', headers: admin.headers }));
  });
});
