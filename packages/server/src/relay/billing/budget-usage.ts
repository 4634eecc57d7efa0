import type { Db } from '../../db/database.js';
import type { RelayCaller } from '../core/caller.js';
import type { Usage } from './budgets.js';
import { usageRow } from './settlement-plan.js';

/** Spend recorded in the database for usage keys (`<u|t><id>|<period>`); keys without a row are absent. */
export async function readBudgetUsage(db: Db, keys: readonly string[]): Promise<Map<string, Usage>> {
  const out = new Map<string, Usage>();
  const byOwner = new Map<string, string[]>();
  for (const k of keys) {
    const owner = k.slice(0, k.indexOf('|'));
    const list = byOwner.get(owner);
    if (list) list.push(usageRow(k).period);
    else byOwner.set(owner, [usageRow(k).period]);
  }
  for (const [owner, periods] of byOwner) {
    const rows = await db
      .selectFrom('budget_usage')
      .select(['period_key', 'used_quota', 'used_requests'])
      .where('kind', '=', owner[0]!)
      .where('owner_id', '=', Number(owner.slice(1)))
      .where('period_key', 'in', periods)
      .execute();
    for (const r of rows)
      out.set(`${owner}|${r.period_key}`, { quota: Number(r.used_quota), requests: Number(r.used_requests) });
  }
  return out;
}

/** The ledger as {@link primeBudgets} needs it. */
interface LedgerWrites {
  readonly writes: number;
  idle(): Promise<void>;
  readonly budgets: {
    unknown(caller: RelayCaller, playground?: boolean): string[];
    primed(keys: readonly string[], rows: ReadonlyMap<string, Usage>): void;
  };
}

/**
 * Reads the spend of a caller's current periods that this node does not know yet (a caller not read through the
 * token cache: the playground), again while a batch written meanwhile may or may not be in the read.
 */
export async function primeBudgets(
  db: Db,
  ledger: LedgerWrites,
  caller: RelayCaller,
  playground: boolean,
): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const keys = ledger.budgets.unknown(caller, playground);
    if (!keys.length) return;
    await ledger.idle();
    const writes = ledger.writes;
    const rows = await readBudgetUsage(db, keys);
    if (writes !== ledger.writes && attempt < 5) continue;
    ledger.budgets.primed(keys, rows);
    return;
  }
}
