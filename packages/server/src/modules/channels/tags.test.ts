import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
let admin: Caller;
let user: Caller;

const en = (c: Caller) => ({ ...c.headers, 'accept-language': 'en' });
const call = (method: 'POST' | 'PUT', url: string, payload: unknown, caller = admin) =>
  t.call({ method, url, headers: en(caller), payload: payload as Record<string, unknown> });

async function createTagged(tag: string, count = 2): Promise<number[]> {
  const key = Array.from({ length: count }, (_, i) => `k${i}`).join('\n');
  const payload = { mode: 'batch', name: `tagged ${tag}`, key, models: 'm1', tag };
  return (await call('POST', '/api/channel/', payload)).json().data;
}

const channels = (ids: number[]) =>
  t.ctx.db.selectFrom('channels').selectAll().where('id', 'in', ids).orderBy('id').execute();
const abilities = (ids: number[]) =>
  t.ctx.db.selectFrom('abilities').selectAll().where('channel_id', 'in', ids).orderBy('channel_id').execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRole(Role.Admin);
  user = await t.userWithRole(Role.Common);
});
afterAll(() => t.close());

describe('POST /api/channel/batch/tag', () => {
  it('sets and clears the tag of channels and abilities', async () => {
    const ids = await createTagged('');
    expect((await call('POST', '/api/channel/batch/tag', { ids, tag: 'new' })).json().data).toBe(2);
    expect((await abilities(ids)).map((a) => a.tag)).toEqual(['new', 'new']);
    expect((await call('POST', '/api/channel/batch/tag', { ids, tag: null })).json().data).toBe(2);
    expect((await channels(ids)).map((c) => c.tag)).toEqual(['', '']);
  });

  it('needs selected channels and an admin', async () => {
    const res = await call('POST', '/api/channel/batch/tag', { ids: [], tag: 'x' });
    expect(res.json()).toEqual({ success: false, message: 'please select channels first' });
    expectRefusal(await call('POST', '/api/channel/batch/tag', { ids: [1], tag: 'x' }, user));
  });
});

describe('POST /api/channel/tag/enabled and /tag/disabled', () => {
  it('switches every channel of the tag and its abilities', async () => {
    const ids = await createTagged('switch');
    const off = await call('POST', '/api/channel/tag/disabled', { tag: 'switch' });
    expect(off.json()).toEqual({ success: true, message: '' });
    expect((await channels(ids)).map((c) => c.status)).toEqual([2, 2]);
    expect((await abilities(ids)).every((a) => !a.enabled)).toBe(true);
    await call('POST', '/api/channel/tag/enabled', { tag: 'switch' });
    expect((await channels(ids)).map((c) => c.status)).toEqual([1, 1]);
    expect((await abilities(ids)).every((a) => Boolean(a.enabled))).toBe(true);
  });

  it('rejects an empty or unknown tag and normal users', async () => {
    const empty = await call('POST', '/api/channel/tag/enabled', { tag: ' ' });
    expect(empty.json()).toEqual({ success: false, message: 'tag cannot be empty' });
    expectRefusal(await call('POST', '/api/channel/tag/disabled', { tag: 'nope' }));
    expectRefusal(await call('POST', '/api/channel/tag/disabled', { tag: 'switch' }, user));
  });
});

describe('PUT /api/channel/tag', () => {
  it('overwrites the given fields and rebuilds abilities', async () => {
    const ids = await createTagged('edit');
    const res = await call('PUT', '/api/channel/tag', {
      tag: 'edit',
      new_tag: 'edited',
      priority: '4',
      weight: '',
      models: 'm2, m3',
      groups: ['default', 'vip'],
    });
    expect(res.json()).toEqual({ success: true, message: '' });
    const rows = await channels(ids);
    expect(rows.map((c) => [c.tag, c.priority, c.weight, c.models, c.group])).toEqual([
      ['edited', 4, 0, 'm2,m3', 'default,vip'],
      ['edited', 4, 0, 'm2,m3', 'default,vip'],
    ]);
    const rebuilt = await abilities(ids);
    expect(rebuilt).toHaveLength(8);
    expect(rebuilt.every((a) => a.tag === 'edited' && a.priority === 4)).toBe(true);
  });

  it('dissolves the tag with an empty new_tag', async () => {
    const ids = await createTagged('dissolve');
    await call('PUT', '/api/channel/tag', { tag: 'dissolve', new_tag: '' });
    expect((await channels(ids)).map((c) => c.tag)).toEqual(['', '']);
  });

  it('rejects no change, bad JSON, unknown tags and normal users', async () => {
    await createTagged('keep');
    expect((await call('PUT', '/api/channel/tag', { tag: 'keep' })).json()).toEqual({
      success: false,
      message: 'no modification',
    });
    const bad = await call('PUT', '/api/channel/tag', { tag: 'keep', model_mapping: '{x' });
    expect(bad.json().message).toBe('the model mapping must be a valid JSON object');
    expectRefusal(await call('PUT', '/api/channel/tag', { tag: 'nope', priority: 1 }));
    expectRefusal(await call('PUT', '/api/channel/tag', { tag: 'keep', priority: 1 }, user));
  });
});
