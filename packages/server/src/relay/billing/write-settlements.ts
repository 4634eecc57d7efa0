import type { ExpressionBuilder, Kysely } from 'kysely';
import { sqliteHandleOf } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { writeSettlementsToSqlite } from './write-settlements-sqlite.js';
import { noteUncapped, planSettlements, usageRow, type SettlementPlan } from './settlement-plan.js';
import type { JournalMark, Settlement } from './settlement.js';

/**
 * Writes a batch of settlements in one transaction, folded per user, token, channel and hour: under load one
 * flush covers dozens of requests with a handful of statements. Balances stop at zero (a charge larger than what
 * is left takes the rest and the shortfall is written down: {@link noteUncapped}), so no interleaving drives them
 * negative. With `journal`, entries at or below that
 * journal's mark are skipped and the mark moves to the last one, in the same transaction: a settlement written
 * twice (a replay after a crash, a batch retried after its writer died) is taken once. On SQLite the batch runs
 * as cached prepared statements on the connection Kysely lends us (no query building on the hot path).
 */
export async function writeSettlements(
  db: Kysely<Database>,
  batch: Settlement[],
  journal?: string,
  /** `LOG_SQL_DSN`'s database, when the logs live apart: see {@link writeSettlementLogs}. */
  logDb?: Kysely<Database>,
): Promise<void> {
  if (logDb && logDb !== db) {
    await writeSettlementLogs(logDb, batch, journal);
    batch = batch.map((s) => (s.log ? { ...s, log: undefined } : s));
  }
  const sqlite = sqliteHandleOf(db);
  if (sqlite) {
    // Holding Kysely's connection keeps its own transactions from interleaving with ours.
    await db.connection().execute(async () => writeSettlementsToSqlite(sqlite, batch, journal));
    return;
  }
  await db.transaction().execute(async (trx) => {
    const applied = journal === undefined ? undefined : { journal, applied: await appliedSeq(trx, journal) };
    await applyPlan(trx, planSettlements(batch, applied));
  });
}

/**
 * The consume logs of a batch, on a log database of their own (`LOG_SQL_DSN`): one transaction there, before the
 * balances' own in the main database. Two databases share no transaction, so each keeps its own journal mark
 * (`<journal>/logs` here): a crash or a failure between the two commits leaves the entries in the journal (or in
 * the queue), and writing them again adds each log and each charge exactly once. Without a journal (in-memory
 * databases, `LEDGER_JOURNAL_DIR=off`) entries carry no sequence: a batch whose balances fail after its logs
 * committed is retried whole, and its logs are written twice.
 */
export async function writeSettlementLogs(
  logDb: Kysely<Database>,
  batch: Settlement[],
  journal: string | undefined,
): Promise<void> {
  const logged = batch.filter((s) => s.log);
  if (logged.length === 0) return;
  const marked = journal === undefined ? undefined : `${journal}/logs`;
  await logDb.transaction().execute(async (trx) => {
    const applied =
      marked === undefined ? undefined : { journal: marked, applied: await appliedSeq(trx, marked) };
    const plan = planSettlements(logged, applied);
    for (let i = 0; i < plan.logs.length; i += 50)
      await trx
        .insertInto('logs')
        .values(plan.logs.slice(i, i + 50))
        .execute();
    if (plan.mark) await writeMark(trx, plan.mark);
  });
}

async function appliedSeq(trx: Kysely<Database>, journal: string): Promise<number> {
  const row = await trx
    .selectFrom('ledger_marks')
    .select('seq')
    .where('journal', '=', journal)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

async function applyPlan(trx: Kysely<Database>, plan: SettlementPlan): Promise<void> {
  // In id order, as every writer locks them: two nodes' batches never wait on each other in a cycle.
  for (const [id, a] of [...plan.users].sort((x, y) => x[0] - y[0])) {
    const counts = (eb: ExpressionBuilder<Database, 'users'>, unpaid = 0) => ({
      used_quota: eb('used_quota', '+', Math.max(0, a.used - unpaid)),
      request_count: eb('request_count', '+', a.count),
    });
    const taken = await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '-', a.delta), ...counts(eb) }))
      .where('id', '=', id)
      .where('quota', '>=', a.delta)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) continue;
    // Rare: the balance was lowered below what was in flight (or the user is gone). Stop at zero, note the rest.
    const row = await trx
      .selectFrom('users')
      .select('quota')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) continue;
    const left = Number(row.quota);
    const unpaid = Math.max(0, a.delta - left);
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: Math.max(0, left - a.delta), ...counts(eb, unpaid) }))
      .where('id', '=', id)
      .execute();
    noteUncapped(plan, id, undefined, unpaid);
  }
  for (const [id, a] of [...plan.tokens].sort((x, y) => x[0] - y[0])) {
    const counts = (eb: ExpressionBuilder<Database, 'tokens'>) => ({
      used_quota: eb('used_quota', '+', a.used),
      accessed_time: plan.now,
    });
    const taken = await trx
      .updateTable('tokens')
      .set((eb) => ({
        remain_quota: a.limited ? eb('remain_quota', '-', a.delta) : eb.ref('remain_quota'),
        ...counts(eb),
      }))
      .where('id', '=', id)
      .$if(a.limited, (q) => q.where('remain_quota', '>=', a.delta))
      .executeTakeFirst();
    if (!a.limited || Number(taken.numUpdatedRows) > 0) continue;
    const row = await trx
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) continue;
    const left = Number(row.remain_quota);
    await trx
      .updateTable('tokens')
      .set((eb) => ({ remain_quota: Math.max(0, left - a.delta), ...counts(eb) }))
      .where('id', '=', id)
      .execute();
    noteUncapped(plan, a.userId, id, a.delta - left);
  }
  for (const [id, used] of plan.channels) {
    await trx
      .updateTable('channels')
      .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
      .where('id', '=', id)
      .execute();
  }
  for (let i = 0; i < plan.logs.length; i += 50)
    await trx
      .insertInto('logs')
      .values(plan.logs.slice(i, i + 50))
      .execute();
  for (const [key, delta] of plan.leases) {
    const [kind, id, node] = key.split(':') as ['u' | 't', string, string];
    await trx
      .updateTable('balance_leases')
      .set((eb) => ({ amount: eb('amount', '-', delta) }))
      .where('kind', '=', kind)
      .where('owner_id', '=', Number(id))
      .where('node', '=', node)
      .execute();
  }
  await writeBudgets(trx, plan);
  await writeHourly(trx, plan);
  if (plan.mark) await writeMark(trx, plan.mark);
}

/** Budgets' spend, in the batch's transaction: a period's spend is always the sum of its settlements. */
async function writeBudgets(trx: Kysely<Database>, plan: SettlementPlan): Promise<void> {
  if (plan.budgets.size === 0) return;
  const mysql = dialectOf(trx) === 'mysql';
  for (const [key, b] of [...plan.budgets].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const { kind, id, period } = usageRow(key);
    const insert = trx.insertInto('budget_usage').values({
      kind,
      owner_id: id,
      period_key: period,
      used_quota: b.quota,
      used_requests: b.requests,
    });
    if (mysql)
      await insert
        .onDuplicateKeyUpdate((eb) => ({
          used_quota: eb('used_quota', '+', b.quota),
          used_requests: eb('used_requests', '+', b.requests),
        }))
        .execute();
    else
      await insert
        .onConflict((oc) =>
          oc.columns(['kind', 'owner_id', 'period_key']).doUpdateSet((eb) => ({
            used_quota: eb('budget_usage.used_quota', '+', b.quota),
            used_requests: eb('budget_usage.used_requests', '+', b.requests),
          })),
        )
        .execute();
  }
  for (const [key, amount] of plan.budgetLeases) {
    const [lease, node] = key.split('\u0000') as [string, string];
    await trx
      .updateTable('budget_leases')
      .set((eb) => ({ amount: eb('amount', '-', amount) }))
      .where('lease_key', '=', lease)
      .where('node', '=', node)
      .execute();
  }
}

async function writeHourly(trx: Kysely<Database>, plan: SettlementPlan): Promise<void> {
  const mysql = dialectOf(trx) === 'mysql';
  for (const r of plan.hourly) {
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

async function writeMark(trx: Kysely<Database>, mark: JournalMark): Promise<void> {
  const res = await trx
    .updateTable('ledger_marks')
    .set({ seq: mark.seq })
    .where('journal', '=', mark.journal)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) await trx.insertInto('ledger_marks').values(mark).execute();
}
