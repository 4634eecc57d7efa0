// Types only: the settlement worker's bundle imports them, and every file on the way to the database does.
import type { Insertable } from 'kysely';
import type { LogsTable } from '../../db/tables.js';

/**
 * One request's entry in the ledger: what `Ledger.settle` took from the balances, waiting to be written with
 * its consume log row and hourly figures (in the journal first, when there is one, then in a batch).
 */
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
  /**
   * Its number in the journal, when there is one (the journal line carries it ahead of the entry). A batch
   * writes only the entries past the journal's mark, so one written twice (a writer that died between its
   * commit and its report, a replay) is taken once.
   */
  seq?: number;
  /**
   * The node whose slices of the balances it was charged against (several nodes on one database): those rows
   * go down with the balances, in the same transaction.
   */
  leasedBy?: string;
  /**
   * Period budgets' usage keys (`<u|t><id>|<period>`) it is filed under: each gets `delta` quota and one request,
   * in the same transaction (table `budget_usage`).
   */
  budgets?: string[];
  /** Budget slices of `leasedBy` it was charged against (`q…` take `delta`, `n…` one request). */
  budgetLeases?: string[];
}

/** Where a batch ends in the journal; written in the batch's own transaction (table `ledger_marks`). */
export interface JournalMark {
  journal: string;
  seq: number;
}

/** The journal a batch's entries came from, and the last of its entries the database already holds. */
export interface JournalPosition {
  journal: string;
  applied: number;
}
