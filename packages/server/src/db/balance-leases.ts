import type { Db } from './database.js';

/**
 * Ends every node's slices of a balance that a management write has just lowered, or of a user or token that is
 * gone (relay/billing/leases.ts): run in the write's transaction, and announce the owner on `ctx.events` after
 * it, so that no node admits against a slice of what is no longer there. Requests already admitted still settle.
 */
export async function revokeLeases(db: Db, kind: 'u' | 't', id: number): Promise<void> {
  await db.deleteFrom('balance_leases').where('kind', '=', kind).where('owner_id', '=', id).execute();
}
