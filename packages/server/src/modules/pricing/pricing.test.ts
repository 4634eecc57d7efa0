import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.options.set('ModelRatio', '{"gpt-4o":1.25}');
  await t.ctx.options.set('ModelPrice', '{"mj_imagine":0.1}');
  await t.ctx.options.set('GroupRatio', '{"default":1,"vip":0.8,"svip":0.5}');
  await t.ctx.options.set('UserUsableGroups', '{"default":"Default","vip":"VIP"}');
  const ability = (group: string, model: string, enabled: number) => ({
    group,
    model,
    channel_id: 1,
    enabled,
  });
  await t.ctx.db
    .insertInto('abilities')
    .values([
      ability('default', 'gpt-4o', 1),
      ability('vip', 'gpt-4o', 1),
      ability('default', 'mj_imagine', 1),
      ability('default', 'hidden-model', 0),
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/pricing', () => {
  it('answers visitors at the top level with the default group only', async () => {
    const res = await t.call({ method: 'GET', url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.group_ratio).toEqual({ default: 1 });
    expect(body.usable_group).toEqual({ default: 'Default' });
    expect(body.data).toEqual([
      {
        model_name: 'gpt-4o',
        quota_type: 0,
        model_ratio: 1.25,
        model_price: 0,
        // No CompletionRatio entry: gpt-4o's built-in rule, the ratio the relay bills with.
        completion_ratio: 4,
        // gpt-4o's built-in cache rule: reads at half price, writes free of premium.
        cache_ratio: 0.5,
        create_cache_ratio: 1,
        enable_groups: ['default', 'vip'],
      },
      {
        model_name: 'mj_imagine',
        quota_type: 1,
        model_ratio: 0,
        model_price: 0.1,
        completion_ratio: 1,
        enable_groups: ['default'],
      },
    ]);
  });

  it('sends the CacheRatio and CreateCacheRatio options over the built-in cache rules', async () => {
    await t.ctx.options.set('CacheRatio', '{"gpt-4*":0.3}');
    await t.ctx.options.set('CreateCacheRatio', '{"gpt-4o":1.5,"mj_*":2}');
    const body = (await t.call({ method: 'GET', url: '/api/pricing' })).json();
    expect(body.data[0]).toMatchObject({ model_name: 'gpt-4o', cache_ratio: 0.3, create_cache_ratio: 1.5 });
    expect(body.data[1]).toMatchObject({ model_name: 'mj_imagine', create_cache_ratio: 2 });
    expect(body.data[1]).not.toHaveProperty('cache_ratio');
    await t.ctx.options.set('CacheRatio', '{}');
    await t.ctx.options.set('CreateCacheRatio', '{}');
  });

  it('sends the CompletionRatio option over the built-in rules, wildcards included', async () => {
    await t.ctx.db
      .insertInto('abilities')
      .values({ group: 'default', model: 'gpt-4o-gizmo-g-1', channel_id: 1, enabled: 1 })
      .execute();
    const ratioOf = async () => {
      const body = (await t.call({ method: 'GET', url: '/api/pricing' })).json();
      return Object.fromEntries(
        (body.data as { model_name: string; completion_ratio: number }[]).map((e) => [
          e.model_name,
          e.completion_ratio,
        ]),
      );
    };
    // The default option prices gpt-4o-gizmo-* at 3, under the built-in gpt-4o rule's 4.
    expect(await ratioOf()).toEqual({ 'gpt-4o': 4, 'gpt-4o-gizmo-g-1': 3, mj_imagine: 1 });
    await t.ctx.options.set('CompletionRatio', '{"gpt-4o":2.5,"gpt-4o-*":5,"mj_*":1.5}');
    expect(await ratioOf()).toEqual({ 'gpt-4o': 2.5, 'gpt-4o-gizmo-g-1': 5, mj_imagine: 1.5 });
    await t.ctx.options.set('CompletionRatio', '{}');
    expect(await ratioOf()).toEqual({ 'gpt-4o': 4, 'gpt-4o-gizmo-g-1': 4, mj_imagine: 1 });
    await t.ctx.db.deleteFrom('abilities').where('model', '=', 'gpt-4o-gizmo-g-1').execute();
  });

  it('shows a logged-in user their usable groups, own group included', async () => {
    const svip = await t.userWithRole(Role.Common, { group: 'svip' });
    const body = (await t.call({ method: 'GET', url: '/api/pricing', headers: svip.headers })).json();
    expect(body.group_ratio).toEqual({ default: 1, vip: 0.8, svip: 0.5 });
    expect(Object.keys(body.usable_group)).toEqual(['default', 'vip', 'svip']);
  });

  it('treats a bad session as a visitor', async () => {
    const res = await t.call({ method: 'GET', url: '/api/pricing', headers: { cookie: 'session=forged' } });
    expect(res.json().group_ratio).toEqual({ default: 1 });
  });
});
