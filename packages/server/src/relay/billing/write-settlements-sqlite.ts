import type { Database as Sqlite, Statement } from 'better-sqlite3';
import { noteUncapped, planSettlements, usageRow, type SettlementPlan } from './settlement-plan.js';
import type { Settlement } from './settlement.js';

const LOG_COLUMNS = [
  'user_id',
  'username',
  'created_at',
  'type',
  'content',
  'token_name',
  'token_id',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'group',
  'other',
] as const;

const SQL = {
  user: `update users set quota = quota - @delta, used_quota = used_quota + @used,
    request_count = request_count + @count where id = @id and quota >= @delta`,
  userLeft: `select quota as left from users where id = ?`,
  userStop: `update users set quota = @quota, used_quota = used_quota + @used,
    request_count = request_count + @count where id = @id`,
  limitedToken: `update tokens set remain_quota = remain_quota - @delta, used_quota = used_quota + @used,
    accessed_time = @now where id = @id and remain_quota >= @delta`,
  tokenLeft: `select remain_quota as left from tokens where id = ?`,
  tokenStop: `update tokens set remain_quota = @quota, used_quota = used_quota + @used, accessed_time = @now
    where id = @id`,
  unlimitedToken: `update tokens set used_quota = used_quota + @used, accessed_time = @now where id = @id`,
  channel: `update channels set used_quota = used_quota + ? where id = ?`,
  log: `insert into logs (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${LOG_COLUMNS.map(() => '?').join(', ')})`,
  hourly: `insert into quota_data (user_id, username, model_name, created_at, token_used, count, quota)
    values (?, ?, ?, ?, ?, ?, ?) on conflict (user_id, model_name, created_at) do update set
    token_used = token_used + excluded.token_used, count = count + excluded.count, quota = quota + excluded.quota`,
  budget: `insert into budget_usage (kind, owner_id, period_key, used_quota, used_requests) values (?, ?, ?, ?, ?)
    on conflict (kind, owner_id, period_key) do update set used_quota = used_quota + excluded.used_quota,
    used_requests = used_requests + excluded.used_requests`,
  mark: `insert into ledger_marks (journal, seq) values (?, ?) on conflict (journal) do update set seq = excluded.seq`,
  applied: `select seq from ledger_marks where journal = ?`,
};

type Write = ((batch: Settlement[], journal: string | undefined) => void) & {
  immediate: (batch: Settlement[], journal: string | undefined) => void;
};
type Prepared = { [K in keyof typeof SQL]: Statement } & { write: Write };
const prepared = new WeakMap<Sqlite, Prepared>();

function prepare(db: Sqlite): Prepared {
  const s = Object.fromEntries(Object.entries(SQL).map(([k, sql]) => [k, db.prepare(sql)])) as {
    [K in keyof typeof SQL]: Statement;
  };
  const apply = (plan: SettlementPlan) => {
    for (const [id, a] of plan.users) {
      const args = { id, used: a.used, count: a.count };
      if (s.user.run({ ...args, delta: a.delta }).changes > 0) continue;
      // Rare: the balance was lowered below what was in flight (or the user is gone). Stop at zero, note the rest.
      const left = leftOf(s.userLeft, id);
      if (left === undefined) continue;
      const unpaid = Math.max(0, a.delta - left);
      s.userStop.run({ ...args, used: Math.max(0, a.used - unpaid), quota: Math.max(0, left - a.delta) });
      noteUncapped(plan, id, undefined, unpaid);
    }
    for (const [id, a] of plan.tokens) {
      const args = { id, used: a.used, now: plan.now };
      if (!a.limited) s.unlimitedToken.run(args);
      else if (s.limitedToken.run({ ...args, delta: a.delta }).changes === 0) {
        const left = leftOf(s.tokenLeft, id);
        if (left === undefined) continue;
        s.tokenStop.run({ ...args, quota: Math.max(0, left - a.delta) });
        noteUncapped(plan, a.userId, id, a.delta - left);
      }
    }
    for (const [id, used] of plan.channels) s.channel.run(used, id);
    const args: unknown[] = new Array(LOG_COLUMNS.length);
    for (const row of plan.logs) {
      const r = row as Record<string, unknown>;
      for (let i = 0; i < LOG_COLUMNS.length; i++) {
        const c = LOG_COLUMNS[i]!;
        args[i] = r[c] ?? (c === 'content' || c === 'other' ? '' : 0);
      }
      s.log.run(args);
    }
    for (const h of plan.hourly)
      s.hourly.run(h.userId, h.username, h.model, h.hour, h.tokens, h.count, h.quota);
    for (const [key, b] of plan.budgets) {
      const { kind, id, period } = usageRow(key);
      s.budget.run(kind, id, period, b.quota, b.requests);
    }
    if (plan.mark) s.mark.run(plan.mark.journal, plan.mark.seq);
  };
  const write = db.transaction((batch: Settlement[], journal: string | undefined) => {
    const row = journal === undefined ? undefined : (s.applied.get(journal) as { seq: number } | undefined);
    apply(
      planSettlements(batch, journal === undefined ? undefined : { journal, applied: Number(row?.seq ?? 0) }),
    );
  });
  return { ...s, write };
}

function leftOf(statement: Statement, id: number): number | undefined {
  const row = statement.get(id) as { left: number } | undefined;
  return row && Number(row.left);
}

/**
 * Writes a batch in one SQLite transaction with statements prepared once per connection, skipping the entries
 * `journal`'s mark says are in already. The transaction takes the write lock before it reads the mark (`BEGIN
 * IMMEDIATE`): with a second connection writing (the settlement worker), a read-then-write transaction that
 * started deferred could find its snapshot stale and fail.
 */
export function writeSettlementsToSqlite(db: Sqlite, batch: Settlement[], journal: string | undefined): void {
  let p = prepared.get(db);
  if (!p) prepared.set(db, (p = prepare(db)));
  p.write.immediate(batch, journal);
}
