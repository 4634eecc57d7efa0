import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../db/insert-id.js';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { abilityRows, listEnabledModels, rebuildAbilities, setAbilitiesEnabled } from './abilities.js';
import * as repo from './channels.repository.js';

describe('abilityRows', () => {
  it('trims and de-duplicates groups and models', () => {
    const rows = abilityRows({
      id: 1,
      group: 'default, vip,default',
      models: ' a ,b,a',
      status: 1,
      priority: 2,
      weight: 3,
      tag: 't',
    });
    expect(rows.map((r) => `${r.group}/${r.model}`)).toEqual(['default/a', 'default/b', 'vip/a', 'vip/b']);
    expect(rows[0]).toMatchObject({ channel_id: 1, enabled: 1, priority: 2, weight: 3, tag: 't' });
    expect(
      abilityRows({ id: 1, group: 'g', models: 'm', status: 3, priority: 0, weight: 0, tag: '' })[0]?.enabled,
    ).toBe(0);
  });
});

describe.each(testDialects())('channels repository on %s', (dialect) => {
  let t: TestDb;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await openTestDb(dialect);
    const seed: [string, number, string, string, string][] = [
      // name, priority, tag, group, models
      ['a', 0, '', 'default', 'gpt-4o'],
      ['b', 5, 't1', 'default,vip', 'gpt-4o,o1'],
      ['c', 1, 't1', 'default', 'gpt-4o'],
      ['d', 3, '', 'vip', 'claude-3'],
    ];
    for (const [name, priority, tag, group, models] of seed) {
      const values = { name, priority, tag, group, models, key: 'enc', status: 1 };
      ids[name] = await insertReturningId(t.db, 'channels', values);
      await rebuildAbilities(t.db, [{ ...values, id: ids[name]!, weight: 0 }]);
    }
  });
  afterAll(() => t.close());

  const win = (offset: number, limit: number, idSort = false) => ({ offset, limit, idSort });

  it('pages and counts with filters', async () => {
    const page = await repo.pageChannels(t.db, {}, win(0, 10));
    expect(page.map((c) => c.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(await repo.countChannels(t.db, { group: 'vip' })).toBe(2);
    expect(
      (await repo.pageChannels(t.db, { keyword: String(ids['c']) }, win(0, 10))).map((c) => c.name),
    ).toEqual(['c']);
    expect((await repo.pageChannels(t.db, { keyword: 'B' }, win(0, 10))).map((c) => c.name)).toEqual(['b']);
    expect((await repo.pageChannels(t.db, { model: 'claude' }, win(0, 10))).map((c) => c.name)).toEqual([
      'd',
    ]);
  });

  it('pages tag rows, untagged channels standing alone', async () => {
    expect(await repo.countTagRows(t.db, {})).toBe(3);
    const rows = await repo.pageTagRows(t.db, {}, win(0, 2));
    expect(rows).toEqual([
      { tag: 't1', solo_id: 0 },
      { tag: '', solo_id: ids['d'] },
    ]);
    const channels = await repo.channelsOfTagRows(t.db, {}, rows);
    expect(channels.map((c) => c.name)).toEqual(['b', 'd', 'c']);
    const byId = await repo.pageTagRows(t.db, {}, win(0, 3, true));
    expect(byId.map((r) => r.tag || r.solo_id)).toEqual([ids['d'], 't1', ids['a']]);
  });

  it('switches abilities and lists enabled models', async () => {
    expect(await listEnabledModels(t.db)).toEqual(['claude-3', 'gpt-4o', 'o1']);
    await setAbilitiesEnabled(t.db, [ids['d']!], false);
    expect(await listEnabledModels(t.db)).toEqual(['gpt-4o', 'o1']);
  });

  it('deletes channels by id and finds disabled ones', async () => {
    await t.db.updateTable('channels').set({ status: 3 }).where('id', '=', ids['a']!).execute();
    expect(await repo.disabledChannelIds(t.db)).toEqual([ids['a']]);
    expect(await repo.deleteChannels(t.db, [ids['a']!])).toBe(1);
    expect(await repo.findChannel(t.db, ids['a']!)).toBeUndefined();
  });
});
