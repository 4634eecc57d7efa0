import type { BudgetWindow } from './budgets.js';

/** Quota held for one request in flight, from its admission to its settlement or refund. */
export interface Hold {
  userId: number;
  /** 0 when the token's own balance is not limited (unlimited tokens, the playground). */
  tokenId: number;
  /** The request's worst-case charge, grown while a stream runs past it. */
  amount: number;
  /** Taken and not yet settled or refunded (counted in `Ledger.holdsInFlight`). */
  open?: boolean;
  /** The period budgets it holds `amount` (and one request) of, in the periods it started in. */
  budgets?: BudgetWindow[] | undefined;
}

/**
 * What is held for requests in flight, and what settled but is not in the database yet, per user and per limited
 * token. Holds live in memory only: a crash loses requests in flight, never quota, and a rich caller costs no
 * database write. Both maps keep only non-zero entries, so they are as large as the set of active callers.
 */
export class Holds {
  private readonly userHeld = new Map<number, number>();
  private readonly tokenHeld = new Map<number, number>();
  private readonly userUnflushed = new Map<number, number>();
  private readonly tokenUnflushed = new Map<number, number>();

  user(id: number): number {
    return this.userHeld.get(id) ?? 0;
  }

  token(id: number): number {
    return this.tokenHeld.get(id) ?? 0;
  }

  hold(r: Hold, amount: number): void {
    bump(this.userHeld, r.userId, amount);
    if (r.tokenId) bump(this.tokenHeld, r.tokenId, amount);
  }

  /** Settled deltas not yet written: a balance read from the database is this much too high. */
  unflushedUser(id: number): number {
    return this.userUnflushed.get(id) ?? 0;
  }

  unflushedToken(id: number): number {
    return this.tokenUnflushed.get(id) ?? 0;
  }

  /** A settlement of `delta` was queued (positive) or written (the same, negative). */
  addUnflushed(userId: number, tokenId: number, delta: number): void {
    bump(this.userUnflushed, userId, delta);
    if (tokenId) bump(this.tokenUnflushed, tokenId, delta);
  }
}

function bump(map: Map<number, number>, id: number, by: number): void {
  const next = (map.get(id) ?? 0) + by;
  if (next === 0) map.delete(id);
  else map.set(id, next);
}
