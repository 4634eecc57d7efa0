import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../db/insert-id.js';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import type { Settlement } from './settlement.js';
import { writeSettlements } from './write-settlements.js';

describe.each(testDialects())('writeSettlements on %s', (dialect) => {
  let t: TestDb;
  let userId: number;
  let tokenId: number;
  let channelId: number;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    userId = await insertReturningId(t.db, 'users', { username: 'u', password: 'x', quota: 1000 });
    tokenId = await insertReturningId(t.db, 'tokens', {
      user_id: userId,
      key: 'k'.repeat(48),
      remain_quota: 500,
    });
    channelId = await insertReturningId(t.db, 'channels', { key: 'k', name: 'c' });
  });
  afterAll(() => t?.close());

  const settlement = (delta: number, used: number, extra: Partial<Settlement> = {}): Settlement => ({
    userId,
    tokenId,
    tokenUnlimited: false,
    delta,
    used,
    counted: true,
    channelId,
    log: {
      user_id: userId,
      username: 'u',
      created_at: 7200,
      model_name: 'm',
      quota: used,
      token_id: tokenId,
    },
    hourly: { userId, username: 'u', model: 'm', hour: 7200, tokens: 10, quota: used },
    ...extra,
  });

  it('folds a batch into one row change per user, token, channel and hour, plus one log per request', async () => {
    await writeSettlements(t.db, [
      settlement(100, 100),
      settlement(50, 50),
      settlement(-30, 0, { counted: false, log: undefined, hourly: undefined }),
    ]);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ quota: 880, used_quota: 150, request_count: 2 });
    const token = await t.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(token).toMatchObject({ remain_quota: 380, used_quota: 150 });
    const channel = await t.db
      .selectFrom('channels')
      .select('used_quota')
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(channel.used_quota).toBe(150);
    expect(await t.db.selectFrom('logs').selectAll().execute()).toHaveLength(2);
    const hourly = await t.db.selectFrom('quota_data').selectAll().execute();
    expect(hourly).toHaveLength(1);
    expect(hourly[0]).toMatchObject({ count: 2, quota: 150, token_used: 20 });
  });

  it('never drives a balance below zero, and adds to an existing hour', async () => {
    await writeSettlements(t.db, [settlement(5000, 5000)]);
    const user = await t.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const token = await t.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(0);
    expect(token.remain_quota).toBe(0);
    const hourly = await t.db.selectFrom('quota_data').selectAll().execute();
    expect(hourly[0]).toMatchObject({ count: 3, quota: 5150 });
    // The log says what was charged (the 880 left) and keeps the price; the token's 380 is noted too.
    const log = await t.db
      .selectFrom('logs')
      .select(['quota', 'other'])
      .where('quota', '=', 880)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.other)).toEqual({ uncapped_quota: 5000, uncapped_token_quota: 4620 });
    const used = await t.db
      .selectFrom('users')
      .select('used_quota')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(used.used_quota).toBe(150 + 880);
  });

  it('writes a shortfall without a consume log of its own down as a system log', async () => {
    await writeSettlements(t.db, [
      settlement(-100, 0, { counted: false, log: undefined, hourly: undefined }),
    ]);
    await writeSettlements(t.db, [settlement(130, 130, { log: undefined, hourly: undefined })]);
    const system = await t.db
      .selectFrom('logs')
      .select(['type', 'user_id', 'token_id', 'quota', 'other'])
      .where('type', '=', 4)
      .orderBy('id')
      .execute();
    expect(system.map((r) => ({ ...r, other: JSON.parse(r.other) }))).toEqual([
      { type: 4, user_id: userId, token_id: 0, quota: 0, other: { uncapped_quota: 30 } },
      { type: 4, user_id: userId, token_id: tokenId, quota: 0, other: { uncapped_token_quota: 30 } },
    ]);
    await t.db.deleteFrom('logs').where('type', '=', 4).execute();
  });

  it('writes every log column as given, and moves the journal mark', async () => {
    const log = {
      user_id: userId,
      username: 'u',
      created_at: 9000,
      content: '模型倍率 0.08',
      token_name: 'tk',
      token_id: tokenId,
      model_name: 'gpt-x',
      quota: 42,
      prompt_tokens: 11,
      completion_tokens: 7,
      use_time: 3,
      is_stream: 1,
      channel_id: channelId,
      group: 'vip',
      other: '{"frt":12}',
    };
    await writeSettlements(t.db, [settlement(0, 42, { log, seq: 5 })], 'j1');
    await writeSettlements(t.db, [settlement(0, 0, { log: undefined, seq: 9 })], 'j1');
    const row = await t.db
      .selectFrom('logs')
      .selectAll()
      .where('model_name', '=', 'gpt-x')
      .executeTakeFirstOrThrow();
    expect({ ...row, is_stream: Number(row.is_stream) }).toMatchObject({ ...log, type: 2 });
    const mark = await t.db.selectFrom('ledger_marks').selectAll().execute();
    expect(mark.map((m) => ({ ...m, seq: Number(m.seq) }))).toEqual([{ journal: 'j1', seq: 9 }]);
  });

  it('takes each journaled entry once, and never moves the mark back', async () => {
    const quota = async () =>
      (await t.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow())
        .quota;
    const before = await quota();
    const a = settlement(-3, 0, { seq: 1, log: undefined, hourly: undefined });
    const b = settlement(-5, 0, { seq: 2, log: undefined, hourly: undefined });
    await writeSettlements(t.db, [a], 'j2');
    await writeSettlements(t.db, [a, b], 'j2');
    await writeSettlements(t.db, [a], 'j2');
    expect(await quota()).toBe(before + 8);
    const mark = await t.db.selectFrom('ledger_marks').select('seq').where('journal', '=', 'j2').execute();
    expect(mark.map((m) => Number(m.seq))).toEqual([2]);
  });

  it('waits for a transaction already in flight instead of interleaving with it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const trx = t.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ display_name: 'held' }).where('id', '=', userId).execute();
      await held;
    });
    const write = writeSettlements(t.db, [settlement(-10, 0, { counted: false, log: undefined })]);
    setTimeout(release, 20);
    await Promise.all([trx, write]);
    const user = await t.db
      .selectFrom('users')
      .select(['quota', 'display_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 18, display_name: 'held' });
  });
});
