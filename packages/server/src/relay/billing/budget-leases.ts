import type { Db } from '../../db/database.js';
import { budgetOf } from './budget-spec.js';
import { LEASE_TTL_S, SliceBook } from './leases.js';
import { rollingKeys } from './periods.js';

/**
 * This node's slices of budgets (table `budget_leases`), when several nodes share one database: as balances
 * (leases.ts), with "the balance" being the budget's limit less what its period has spent. A key reads
 * `<q|n><u|t><id>|<window>`: quota or requests, user or token, and the period (`d2026-11-30`, `w…`, `m…`) or
 * `r` for the rolling day. The owner's row is locked first, as every settlement of it does, so a slice is
 * never granted against a spend read halfway through a batch; settlements lower the slices and raise the spend
 * in one transaction (write-settlements.ts), so spend plus live slices never exceed the limit.
 */
export class BudgetLeases extends SliceBook {
  protected override readonly joinGrows = true;

  constructor(
    private readonly db: Db,
    node: string,
    held: (key: string) => number,
    /** Unix seconds, for the rolling day's hours. */
    private readonly now: () => number,
    clock: () => number = Date.now,
  ) {
    super(node, held, clock);
  }

  /** Every slice of one owner (`u<id>`/`t<id>`) ends on this node (its budget changed). */
  revokedOwner(owner: string): void {
    const prefix = owner + '|';
    this.revokedKeys([...this.keys()].filter((k) => k.startsWith(prefix, 1)));
  }

  protected take(key: string, short: number): Promise<{ granted: number; tight: boolean }> {
    const bar = key.indexOf('|');
    const metric = key[0];
    const kind = key[1] === 'u' ? 'u' : 't';
    const id = Number(key.slice(2, bar));
    const window = key.slice(bar + 1);
    const nowS = Math.floor(this.clock() / 1000);
    return this.db.transaction().execute(async (trx) => {
      const row =
        kind === 'u'
          ? await trx
              .selectFrom('users')
              .select(['period', 'period_quota', 'period_requests'])
              .where('id', '=', id)
              .forUpdate()
              .executeTakeFirst()
          : await trx
              .selectFrom('tokens')
              .select(['period', 'period_quota', 'period_requests'])
              .where('id', '=', id)
              .forUpdate()
              .executeTakeFirst();
      const budget = row && budgetOf(row);
      const rolling = window === 'r';
      if (
        !budget ||
        rolling !== (budget.period === 'rolling_day') ||
        (!rolling && budget.period[0] !== window[0])
      )
        return { granted: 0, tight: true };
      const limit = metric === 'q' ? budget.quota : budget.requests;
      if (!limit) return { granted: 0, tight: true };
      const periods = rolling ? rollingKeys(this.now()) : [window];
      const spent = await trx
        .selectFrom('budget_usage')
        .select(['used_quota', 'used_requests'])
        .where('kind', '=', kind)
        .where('owner_id', '=', id)
        .where('period_key', 'in', periods)
        .execute();
      let used = 0;
      for (const r of spent) used += Number(metric === 'q' ? r.used_quota : r.used_requests);
      const rows = await trx
        .selectFrom('budget_leases')
        .select(['node', 'amount', 'expires_at'])
        .where('lease_key', '=', key)
        .execute();
      let others = 0;
      let mine: number | undefined;
      for (const r of rows) {
        if (r.node === this.node) mine = Number(r.amount);
        else if (Number(r.expires_at) > nowS) others += Math.max(0, Number(r.amount));
      }
      const free = limit - used - others - (mine ?? 0);
      if (free <= 0) return { granted: 0, tight: true };
      // Budgets are small next to what is in flight far more often than balances: take what is asked, plus a
      // quarter of the rest when that is plenty, as leases.ts does.
      const roomy = free >= 16 * short;
      const granted = Math.min(free, roomy ? short + Math.floor((free - short) / 4) : short);
      const expires = nowS + LEASE_TTL_S;
      if (mine === undefined)
        await trx
          .insertInto('budget_leases')
          .values({ lease_key: key, node: this.node, amount: granted, expires_at: expires })
          .execute();
      else
        await trx
          .updateTable('budget_leases')
          .set((eb) => ({ amount: eb('amount', '+', granted), expires_at: expires }))
          .where('lease_key', '=', key)
          .where('node', '=', this.node)
          .execute();
      return { granted, tight: !roomy };
    });
  }

  protected async giveBack(key: string, spare: number): Promise<void> {
    await this.db
      .updateTable('budget_leases')
      .set((eb) => ({ amount: eb('amount', '-', spare) }))
      .where('lease_key', '=', key)
      .where('node', '=', this.node)
      .execute();
  }

  protected async renewRows(nowS: number, expires: number): Promise<void> {
    await this.db
      .updateTable('budget_leases')
      .set({ expires_at: expires })
      .where('node', '=', this.node)
      .where('expires_at', '>', nowS)
      .execute();
    // Slices handed back to nothing (a period that is over) need no row.
    await this.db
      .deleteFrom('budget_leases')
      .where('node', '=', this.node)
      .where('amount', '<=', 0)
      .execute();
  }

  protected async clearRows(): Promise<void> {
    await this.db.deleteFrom('budget_leases').where('node', '=', this.node).execute();
  }
}

/**
 * Ends every node's slices of an owner's budget (its limit or period changed): run in the management write's
 * transaction, before the change is announced on `ctx.events`.
 */
export async function revokeBudgetLeases(db: Db, kind: 'u' | 't', id: number): Promise<void> {
  await db.deleteFrom('budget_leases').where('lease_key', 'like', `_${kind}${id}|%`).execute();
}
