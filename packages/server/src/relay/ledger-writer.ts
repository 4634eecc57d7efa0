import { LogType } from '@switchboard/sdk';
import type { Insertable, Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Database, LogsTable } from '../db/tables.js';
import type { JournalMark } from './ledger-journal.js';

/** One settled or refunded request, waiting to be written. */
export interface Settlement {
  userId: number;
  /** 0 for the playground, which has no token. */
  tokenId: number;
  tokenUnlimited: boolean;
  /** Quota to take (negative: to give back). */
  delta: number;
  /** Quota consumed, for the used_quota counters. */
  used: number;
  counted: boolean;
  channelId: number;
  log?: Insertable<LogsTable>;
  hourly?: { userId: number; username: string; model: string; hour: number; tokens: number; quota: number };
}

const sumBy = <K>(items: Settlement[], key: (s: Settlement) => K | undefined) => {
  const out = new Map<K, { delta: number; used: number; count: number }>();
  for (const s of items) {
    const k = key(s);
    if (k === undefined) continue;
    const acc = out.get(k) ?? { delta: 0, used: 0, count: 0 };
    acc.delta += s.delta;
    acc.used += s.used;
    acc.count += s.counted ? 1 : 0;
    out.set(k, acc);
  }
  return out;
};

/**
 * Writes a batch of settlements in one transaction, folded per user, token, channel and hour: under load one
 * flush covers dozens of requests with a handful of statements. Balances clamp at zero (a charge larger than what
 * is left takes the rest), so no interleaving can drive them negative. The journal mark, when given, moves in
 * the same transaction, so a replay after a crash never applies a settlement twice.
 */
export async function writeSettlements(
  db: Kysely<Database>,
  batch: Settlement[],
  mark?: JournalMark,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [id, a] of sumBy(batch, (s) => s.userId)) {
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb
            .case()
            .when('quota', '>=', a.delta)
            .then(eb('quota', '-', a.delta))
            .else(0)
            .end(),
          used_quota: eb('used_quota', '+', a.used),
          request_count: eb('request_count', '+', a.count),
        }))
        .where('id', '=', id)
        .execute();
    }
    const limited = new Set(batch.filter((s) => !s.tokenUnlimited).map((s) => s.tokenId));
    const now = Math.floor(Date.now() / 1000);
    for (const [id, a] of sumBy(batch, (s) => (s.tokenId ? s.tokenId : undefined))) {
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: limited.has(id)
            ? eb
                .case()
                .when('remain_quota', '>=', a.delta)
                .then(eb('remain_quota', '-', a.delta))
                .else(0)
                .end()
            : eb.ref('remain_quota'),
          used_quota: eb('used_quota', '+', a.used),
          accessed_time: now,
        }))
        .where('id', '=', id)
        .execute();
    }
    for (const [id, a] of sumBy(batch, (s) => (s.channelId && s.used ? s.channelId : undefined))) {
      await trx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', a.used) }))
        .where('id', '=', id)
        .execute();
    }
    const logs = batch.flatMap((s) => (s.log ? [{ ...s.log, type: LogType.Consume }] : []));
    for (let i = 0; i < logs.length; i += 50)
      await trx
        .insertInto('logs')
        .values(logs.slice(i, i + 50))
        .execute();
    await writeHourly(trx, batch);
    if (mark) await writeMark(trx, mark);
  });
}

async function writeMark(trx: Kysely<Database>, mark: JournalMark): Promise<void> {
  const res = await trx
    .updateTable('ledger_marks')
    .set({ seq: mark.seq })
    .where('journal', '=', mark.journal)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) await trx.insertInto('ledger_marks').values(mark).execute();
}

async function writeHourly(trx: Kysely<Database>, batch: Settlement[]): Promise<void> {
  const rows = new Map<string, NonNullable<Settlement['hourly']> & { count: number }>();
  for (const s of batch) {
    if (!s.hourly) continue;
    const k = `${s.hourly.userId}\u0000${s.hourly.model}\u0000${s.hourly.hour}`;
    const row = rows.get(k) ?? { ...s.hourly, tokens: 0, quota: 0, count: 0 };
    row.tokens += s.hourly.tokens;
    row.quota += s.hourly.quota;
    row.count += 1;
    rows.set(k, row);
  }
  const mysql = dialectOf(trx) === 'mysql';
  for (const r of rows.values()) {
    const insert = trx.insertInto('quota_data').values({
      user_id: r.userId,
      username: r.username,
      model_name: r.model,
      created_at: r.hour,
      token_used: r.tokens,
      count: r.count,
      quota: r.quota,
    });
    if (mysql) {
      await insert
        .onDuplicateKeyUpdate((eb) => ({
          token_used: eb('token_used', '+', r.tokens),
          count: eb('count', '+', r.count),
          quota: eb('quota', '+', r.quota),
        }))
        .execute();
    } else {
      await insert
        .onConflict((oc) =>
          oc.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
            token_used: eb('quota_data.token_used', '+', r.tokens),
            count: eb('quota_data.count', '+', r.count),
            quota: eb('quota_data.quota', '+', r.quota),
          })),
        )
        .execute();
    }
  }
}
