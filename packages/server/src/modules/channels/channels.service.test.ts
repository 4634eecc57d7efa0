import {
  ChannelCreateParamsSchema,
  ChannelTagEditParamsSchema,
  ChannelUpdateParamsSchema,
} from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import * as service from './channels.service.js';
import { editTag, setChannelsTag, setTagStatus } from './tags.service.js';

const actor = { id: 1, username: 'root', ip: '127.0.0.1', viaAccessToken: false, credential: 'test' };

describe.each(testDialects())('channels service on %s', (dialect) => {
  let t: TestApp;
  const changed: number[][] = [];
  const listener = (ids: readonly number[]) => changed.push([...ids]);

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    t.ctx.events.on('channels', listener);
  });
  afterAll(async () => {
    t.ctx.events.off('channels', listener);
    await t.close();
  });

  const abilityCount = async (ids: number[]) =>
    (await t.ctx.db.selectFrom('abilities').select('model').where('channel_id', 'in', ids).execute()).length;

  it('creates, updates, tags and deletes channels with their abilities', async () => {
    const create = ChannelCreateParamsSchema.parse({
      mode: 'batch',
      name: 'svc',
      key: 'k1\nk2',
      models: 'm1,m2',
      group: 'default,vip',
    });
    const ids = await service.createChannels(t.ctx, actor, create);
    expect(ids).toHaveLength(2);
    expect(await abilityCount(ids)).toBe(8);
    expect(changed.at(-1)).toEqual(ids);

    const update = ChannelUpdateParamsSchema.parse({ id: ids[0], models: 'm1', status: 2 });
    const saved = await service.updateChannel(t.ctx, actor, update);
    expect(saved).toMatchObject({ models: 'm1', status: 2 });
    expect(t.ctx.secrets.open(saved.key)).toBe('k1');
    expect(await abilityCount([ids[0]!])).toBe(2);

    expect(await setChannelsTag(t.ctx, actor, ids, 'grp')).toBe(2);
    expect(await setTagStatus(t.ctx, actor, 'grp', 1)).toBe(2);
    expect(
      await editTag(t.ctx, actor, ChannelTagEditParamsSchema.parse({ tag: 'grp', groups: 'default' })),
    ).toBe(2);
    expect(await abilityCount(ids)).toBe(3);

    const page = { page: 1, pageSize: 10, offset: 0 };
    const listed = await service.listChannels(t.ctx, { idSort: false, tagMode: true }, page);
    expect(listed).toMatchObject({ total: 1 });
    expect(listed.items.map((c) => c.key)).toEqual(['', '']);

    expect(await service.fixAbilities(t.ctx, actor)).toBe(2);
    expect(await service.deleteChannels(t.ctx, actor, ids)).toBe(2);
    expect(await abilityCount(ids)).toBe(0);
  });
});
