import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from './dialect.js';
import * as initial from './migrations/2026_11_22_000001_initial.js';
import * as ledgerMarks from './migrations/2026_11_22_000002_ledger_marks.js';
import * as visitorSessions from './migrations/2026_11_23_000010_visitor_sessions.js';
import * as topUpsUserIndex from './migrations/2026_11_23_000020_top_ups_user_index.js';
import * as sessionBindNonce from './migrations/2026_11_29_000310_session_bind_nonce.js';
import * as clusterState from './migrations/2026_11_29_100000_cluster_state.js';
import * as balanceLeases from './migrations/2026_11_29_100100_balance_leases.js';
import * as tasksTokenId from './migrations/2026_11_30_tasks_1_token_id.js';
import * as auditLogs from './migrations/2026_11_30_audit_1_audit_logs.js';
import * as periodBudgets from './migrations/2026_11_30_budgets_1_period_budgets.js';

/** Every migration, in order. Names are timestamps so they sort; never rename or edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_000001_initial': initial,
  '2026_11_22_000002_ledger_marks': ledgerMarks,
  '2026_11_23_000010_visitor_sessions': visitorSessions,
  '2026_11_23_000020_top_ups_user_index': topUpsUserIndex,
  '2026_11_29_000310_session_bind_nonce': sessionBindNonce,
  '2026_11_29_100000_cluster_state': clusterState,
  '2026_11_29_100100_balance_leases': balanceLeases,
  '2026_11_30_tasks_1_token_id': tasksTokenId,
  '2026_11_30_audit_1_audit_logs': auditLogs,
  '2026_11_30_budgets_1_period_budgets': periodBudgets,
};

/**
 * Brings the schema up to date; start-up calls this before serving. `inTransaction`: the caller already holds
 * a transaction on `db` (a single connection), which the migrations then join.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
  db: Kysely<any>,
  opts: { schema?: string; inTransaction?: boolean } = {},
): Promise<void> {
  // On PostgreSQL, naming the schema (the connection's current one unless given) keeps Kysely from mistaking
  // another schema's bookkeeping tables for ours.
  const schema =
    opts.schema ??
    (dialectOf(db) === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
    ...(opts.inTransaction ? { disableTransactions: true } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
