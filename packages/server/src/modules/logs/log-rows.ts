import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { LogsTable } from '../../db/tables.js';

/**
 * Log rows that go with a change to the main database. While logs live there (no `LOG_SQL_DSN`) they are
 * written in the change's own transaction; on a log database of their own they are written once the change has
 * committed, as new-api writes every log after its change. A failure then is reported and the change stands:
 * the balances are the truth, the log their account.
 */
export class LogRows {
  private readonly rows: Insertable<LogsTable>[] = [];

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'logDb'>) {}

  async add(trx: Db, row: Insertable<LogsTable>): Promise<void> {
    if ((this.ctx.logDb ?? this.ctx.db) === this.ctx.db) await trx.insertInto('logs').values(row).execute();
    else this.rows.push(row);
  }

  /** Call after the transaction committed. */
  async written(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows.splice(0);
    try {
      await this.ctx.logDb.insertInto('logs').values(rows).execute();
    } catch (err) {
      console.error(
        `switchboard: writing ${rows.length} log row(s) to the log database failed: ${(err as Error).message}`,
      );
    }
  }
}
