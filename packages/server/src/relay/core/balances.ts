import type { RelayCaller } from './caller.js';

/**
 * The one owner of the relay's cached balances (callers/token-cache.ts), as the ledger sees it. The ledger reads
 * a caller's balances to admit and cap its requests but never writes them: it tells the owner of each charge,
 * and the owner lowers the caller's objects and the cached ones later requests will see.
 */
export interface CallerBalances {
  /** `delta` quota was charged to `caller`: to its user, and to its token when the token is `limited`. */
  charged(caller: RelayCaller, delta: number, limited: boolean): void;
}

/**
 * The ledger as the callers side sees it when it reads a balance from the database: quota settled but not yet
 * written by a flush (the balance read is that much too high), and whether a batch is being written (the read
 * may or may not include it).
 */
export interface UnflushedQuota {
  readonly holds: { unflushedUser(id: number): number; unflushedToken(id: number): number };
  /** Batch writes finished so far, committed or not. */
  readonly writes: number;
  readonly writing: boolean;
  /** Resolves when no batch is being written. */
  idle(): Promise<void>;
  /** Period budgets: the usage keys of a caller's current periods not read yet, and their spend once read. */
  readonly budgets?: {
    unknown(caller: RelayCaller): string[];
    primed(keys: readonly string[], rows: ReadonlyMap<string, { quota: number; requests: number }>): void;
  };
}
