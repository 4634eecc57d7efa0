import { SecretBox } from '../../crypto.js';
import type { Config } from '../../config.js';
import { createDb, type Db, type DbTarget } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { adoptNewApi } from './adopt.js';
import { backupSqlite } from './backup.js';
import { describeTables, kindOf, type DatabaseKind } from './introspect.js';
import { withReadOnlyDb } from './read-only.js';

/** The database start-up cannot use as it is; the message is the one line start-up prints. */
export class DatabaseRefused extends Error {}

export const describeTarget = (target: DbTarget) =>
  target.dialect === 'sqlite'
    ? target.url
    : `the ${target.dialect === 'postgres' ? 'PostgreSQL' : 'MySQL'} database of SQL_DSN`;

/** What the configured database holds, read without changing it. */
export async function databaseKind(target: DbTarget): Promise<DatabaseKind> {
  return (await withReadOnlyDb(target, async (db) => kindOf(await describeTables(db)))) ?? 'fresh';
}

/**
 * Opens the server's database and brings it up to date. A new-api database is upgraded in place only with
 * `--migrate` or `MIGRATE_FROM_NEWAPI=true` (a SQLite file is first copied beside itself); without, start-up
 * stops before anything is written.
 */
export async function openServerDatabase(config: Config, say: (line: string) => void): Promise<Db> {
  const kind = await databaseKind(config.db);
  const where = describeTarget(config.db);
  if ((kind === 'newapi' || kind === 'adopting') && !config.migrateFromNewApi) {
    throw new DatabaseRefused(
      kind === 'newapi'
        ? `${where} is a new-api database: start with --migrate (or MIGRATE_FROM_NEWAPI=true) to upgrade it ` +
            `in place (\`swb doctor\` shows what changes); nothing was written`
        : `${where} holds a new-api database whose upgrade stopped part-way: start with --migrate ` +
            `(or MIGRATE_FROM_NEWAPI=true) to finish it`,
    );
  }
  if (kind === 'newapi' && config.db.dialect === 'sqlite') {
    say(`new-api database backed up to ${await backupSqlite(config.db.url)}`);
  }
  const db = await createDb(config.db);
  try {
    if (kind === 'newapi' || kind === 'adopting') {
      say(`upgrading the new-api database at ${where}`);
      const started = Date.now();
      const done = await adoptNewApi(db, { secrets: new SecretBox(config.cryptoSecret), say }).catch(
        (e: unknown) => {
          const next =
            config.db.dialect === 'mysql'
              ? 'the upgrade stopped part-way: start again with --migrate to resume it'
              : 'nothing was changed (the upgrade runs in one transaction)';
          throw new Error(`upgrading the new-api database failed: ${(e as Error).message}; ${next}`, {
            cause: e,
          });
        },
      );
      const rows = Object.entries(done.rows).map(([t, n]) => `${t} ${n}`);
      say(
        `new-api database upgraded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows.join(', ')}; ` +
          `${done.sealedKeys} channel keys encrypted, ${done.hashedAccessTokens} access tokens hashed`,
      );
    }
    await migrateToLatest(db);
    return db;
  } catch (e) {
    await db.destroy();
    throw e;
  }
}

/**
 * Opens `LOG_SQL_DSN`'s database and brings it up to date. It gets Switchboard's whole schema, of which only
 * `logs` and `ledger_marks` (the settlement journal's marks for the logs) are used. A database holding
 * new-api's own `logs` table is refused: its upgrade is not done here.
 */
export async function openLogDatabase(target: DbTarget): Promise<Db> {
  const where =
    target.dialect === 'sqlite'
      ? target.url
      : `the ${target.dialect === 'postgres' ? 'PostgreSQL' : 'MySQL'} database of LOG_SQL_DSN`;
  const tables = await withReadOnlyDb(target, describeTables);
  const kind = tables ? kindOf(tables) : 'fresh';
  if (kind === 'newapi' || kind === 'adopting')
    throw new DatabaseRefused(
      `${where} (LOG_SQL_DSN) is a whole new-api database: point it at the log database`,
    );
  if (kind === 'fresh' && tables?.has('logs'))
    throw new DatabaseRefused(
      `${where} (LOG_SQL_DSN) holds new-api's logs table, which Switchboard does not upgrade: point LOG_SQL_DSN ` +
        `at an empty database; nothing was written`,
    );
  const db = await createDb(target);
  try {
    await migrateToLatest(db);
    return db;
  } catch (e) {
    await db.destroy();
    throw e;
  }
}
