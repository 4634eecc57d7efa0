import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { abilitiesOf, createChannels } from './channel-test-kit.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
let admin: Caller;
let user: Caller;

const en = (c: Caller) => ({ ...c.headers, 'accept-language': 'en' });
const create = (over: Record<string, unknown> = {}) => createChannels(t, admin, over);
const abilities = (id: number) => abilitiesOf(t, id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRole(Role.Admin);
  user = await t.userWithRole(Role.Common);
});
afterAll(() => t.close());

describe('PUT /api/channel/', () => {
  const put = (payload: Record<string, unknown>, headers = admin.headers) =>
    t.call({ method: 'PUT', url: '/api/channel/', headers, payload });

  it('updates the given fields, keeps the key when empty and rebuilds abilities', async () => {
    const [id] = await create({ key: 'sk-keep' });
    const res = await put({ id, key: '', models: 'claude-3', group: ' default ' });
    expect(res.json().data).toMatchObject({
      id,
      key: '',
      models: 'claude-3',
      group: 'default',
      name: 'main',
    });
    const row = await t.ctx.db
      .selectFrom('channels')
      .select('key')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(t.ctx.secrets.open(row.key)).toBe('sk-keep');
    expect((await abilities(id!)).map((a) => `${a.group}/${a.model}`)).toEqual(['default/claude-3']);

    await put({ id, key: 'sk-new' });
    const changed = await t.ctx.db
      .selectFrom('channels')
      .select('key')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(t.ctx.secrets.open(changed.key)).toBe('sk-new');
  });

  it('handles status-only, priority-only and weight-only updates', async () => {
    const [id] = await create();
    const off = await put({ id, status: 2 });
    expect(off.json().data.status).toBe(2);
    expect(JSON.parse(off.json().data.other_info)).toMatchObject({ status_reason: expect.any(String) });
    expect((await abilities(id!)).every((a) => !a.enabled)).toBe(true);
    await put({ id, status: 1 });
    expect((await abilities(id!)).every((a) => Boolean(a.enabled))).toBe(true);
    expect((await put({ id, priority: '5' })).json().data.priority).toBe(5);
    expect((await put({ id, weight: 7 })).json().data.weight).toBe(7);
    expect((await abilities(id!)).every((a) => a.priority === 5 && a.weight === 7)).toBe(true);
  });

  it('rejects invalid input and unknown ids', async () => {
    const [id] = await create();
    const bad = await t.call({
      method: 'PUT',
      url: '/api/channel/',
      headers: en(admin),
      payload: { id, priority: 'x' },
    });
    expect(bad.json()).toEqual({ success: false, message: 'priority must be an integer' });
    expectRefusal(await put({ id, model_mapping: '[1]' }));
    expectRefusal(await put({ id: 99999, name: 'x' }));
  });
});

describe('deletes', () => {
  it('deletes one channel with its abilities', async () => {
    const [id] = await create();
    const res = await t.call({ method: 'DELETE', url: `/api/channel/${id}/`, headers: admin.headers });
    expect(res.json()).toEqual({ success: true, message: '' });
    expect(await abilities(id!)).toEqual([]);
    expectRefusal(await t.call({ method: 'DELETE', url: `/api/channel/${id}`, headers: admin.headers }));
  });

  it('deletes a batch and every disabled channel, answering counts', async () => {
    const ids = await create({ mode: 'batch', key: 'x1\nx2' });
    const res = await t.call({
      method: 'POST',
      url: '/api/channel/batch',
      headers: admin.headers,
      payload: { ids },
    });
    expect(res.json().data).toBe(2);
    const empty = await t.call({
      method: 'POST',
      url: '/api/channel/batch',
      headers: en(admin),
      payload: { ids: [] },
    });
    expect(empty.json()).toEqual({ success: false, message: 'please select channels to delete first' });

    const [a, b] = await create({ mode: 'batch', key: 'y1\ny2' });
    await t.ctx.db.updateTable('channels').set({ status: 3 }).where('id', '=', b!).execute();
    await t.call({
      method: 'PUT',
      url: '/api/channel/',
      headers: admin.headers,
      payload: { id: a, status: 2 },
    });
    const gone = await t.call({ method: 'DELETE', url: '/api/channel/disabled', headers: admin.headers });
    expect(gone.json().data).toBe(2);
  });
});

describe('model lists and fix', () => {
  it('serves the catalogue, enabled models and models by type', async () => {
    const [id] = await create({ models: 'only-enabled-model' });
    const cat = (await t.call({ method: 'GET', url: '/api/channel/models', headers: admin.headers })).json()
      .data;
    expect(cat).toContainEqual({ id: 'gpt-4o', object: 'model', created: 1626777600, owned_by: 'openai' });
    const enabled = await t.call({
      method: 'GET',
      url: '/api/channel/models_enabled',
      headers: admin.headers,
    });
    expect(enabled.json().data).toContain('only-enabled-model');
    await t.call({ method: 'PUT', url: '/api/channel/', headers: admin.headers, payload: { id, status: 2 } });
    const after = await t.call({ method: 'GET', url: '/api/channel/models_enabled', headers: admin.headers });
    expect(after.json().data).not.toContain('only-enabled-model');
    const byType = (await t.call({ method: 'GET', url: '/api/models', headers: user.headers })).json();
    expect(byType.data['1']).toContain('gpt-4o');
  });

  it('rebuilds every ability on fix', async () => {
    const [id] = await create();
    await t.ctx.db.deleteFrom('abilities').execute();
    const res = await t.call({ method: 'POST', url: '/api/channel/fix', headers: admin.headers });
    const total = await t.ctx.db.selectFrom('channels').select('id').execute();
    expect(res.json().data).toBe(total.length);
    expect(await abilities(id!)).toHaveLength(4);
  });
});
