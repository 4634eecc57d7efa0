import { sql, type Kysely } from 'kysely';
import type { SecretBox } from '../../crypto.js';
import { sha256Hex } from '../../crypto.js';
import { sqliteHandleOf, type Db } from '../database.js';
import { dialectOf, type DialectName } from '../dialect.js';
import { migrateToLatest } from '../migrate.js';
import { copyPlan, copyStatement, SQLITE_SHA256 } from './copy-plan.js';
import { describeTables, kindOf, quoterOf } from './introspect.js';
import { advanceSequences, parkTables } from './park.js';
import { LEDGER_TABLE, NEW_TABLES, parked, TARGET_TABLES } from './target-schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on the raw schema */

/**
 * Where an adoption stands, as its ledger table records it: new-api's tables are being moved aside, have been
 * (Switchboard's schema is created next, then filled), or Switchboard's tables are filled (the moved tables
 * are dropped last).
 */
export type Phase = 'parking' | 'parked' | 'copied';

export interface AdoptionResult {
  /** Rows per adopted table, after the copy. */
  rows: Record<string, number>;
  sealedKeys: number;
  hashedAccessTokens: number;
}

export interface AdoptOptions {
  /** Seals channel keys as the server stores them (CRYPTO_SECRET). */
  secrets: SecretBox;
  /** Progress lines for the operator. */
  say?: (line: string) => void;
  /** Called as each phase is reached; tests stop the adoption there to play a crash. */
  checkpoint?: (phase: Phase) => void | Promise<void>;
}

const OUR_TABLES = [
  ...Object.keys(TARGET_TABLES),
  ...NEW_TABLES,
  'kysely_migration',
  'kysely_migration_lock',
];

/**
 * Upgrades a new-api 0.4.8 database in place into Switchboard's schema, or finishes one that stopped part-way.
 *
 * SQLite and PostgreSQL run it all in one transaction: a failure anywhere leaves the database as it was. MySQL
 * cannot (DDL commits), so each step is recorded in the `newapi_adoption` table and a restart resumes from it:
 * parking is one atomic RENAME; while parked, any of our tables found (a schema creation cut short) is empty by
 * construction and is dropped and created again; the copy, with the ledger's move to `copied`, is one
 * transaction; the drops that follow are repeated until none is left.
 */
export async function adoptNewApi(db: Db, opts: AdoptOptions): Promise<AdoptionResult> {
  const dialect = dialectOf(db);
  const sqlite = sqliteHandleOf(db);
  if (sqlite) {
    sqlite.function(SQLITE_SHA256, { deterministic: true }, (v: unknown) =>
      v == null ? null : sha256Hex(String(v)),
    );
    // Freed pages are zeroed, so new-api's plaintext keys do not linger in the file.
    sqlite.pragma('secure_delete = ON');
  }
  const transactional = dialect !== 'mysql';
  const result = await db.connection().execute(async (conn) => {
    if (!transactional) return steps(conn, dialect, opts, false);
    await sql.raw(dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN').execute(conn);
    try {
      const done = await steps(conn, dialect, opts, true);
      await sql`COMMIT`.execute(conn);
      return done;
    } catch (e) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw e;
    }
  });
  if (sqlite) {
    opts.say?.('compacting the SQLite file');
    sqlite.exec('VACUUM');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('secure_delete = OFF');
  }
  return result;
}

async function phaseOf(db: Kysely<any>): Promise<Phase | undefined> {
  const tables = await describeTables(db);
  if (!tables.has(LEDGER_TABLE)) return undefined;
  const row = await sql<{ phase: Phase }>`select phase from ${sql.table(LEDGER_TABLE)}`.execute(db);
  return row.rows[0]?.phase ?? 'parking';
}

async function setPhase(db: Kysely<any>, phase: Phase): Promise<void> {
  await sql`update ${sql.table(LEDGER_TABLE)} set phase = ${phase}`.execute(db);
}

async function steps(
  db: Kysely<any>,
  dialect: DialectName,
  opts: AdoptOptions,
  transactional: boolean,
): Promise<AdoptionResult> {
  let phase = await phaseOf(db);
  if (phase === undefined) {
    if (kindOf(await describeTables(db)) !== 'newapi') throw new Error('not a new-api database');
    await db.schema
      .createTable(LEDGER_TABLE)
      .addColumn('phase', 'varchar(16)', (c) => c.notNull())
      .execute();
    await sql`insert into ${sql.table(LEDGER_TABLE)} (phase) values ('parking')`.execute(db);
    phase = 'parking';
  }
  if (phase === 'parking') {
    const tables = await describeTables(db);
    // Before the ledger says `parked` none of ours exists, so every adopted name still there is new-api's.
    const waiting = Object.keys(TARGET_TABLES).filter((t) => tables.has(t) && !tables.has(parked(t)));
    opts.say?.(`moving new-api's tables aside: ${waiting.join(', ')}`);
    await parkTables(db, dialect, waiting);
    await setPhase(db, 'parked');
    await opts.checkpoint?.('parked');
    phase = 'parked';
  }
  let result: AdoptionResult = { rows: {}, sealedKeys: 0, hashedAccessTokens: 0 };
  if (phase === 'parked') {
    await dropPartialSchema(db, dialect);
    opts.say?.("creating Switchboard's schema");
    await migrateToLatest(db, { inTransaction: transactional });
    if (!transactional) await sql`START TRANSACTION`.execute(db);
    try {
      result = await copyAll(db, dialect, opts);
      await setPhase(db, 'copied');
      if (!transactional) await sql`COMMIT`.execute(db);
    } catch (e) {
      if (!transactional) await sql`ROLLBACK`.execute(db).catch(() => undefined);
      throw e;
    }
    await opts.checkpoint?.('copied');
  }
  const q = quoterOf(dialect);
  for (const table of Object.keys(TARGET_TABLES)) {
    await sql.raw(`DROP TABLE IF EXISTS ${q(parked(table))}`).execute(db);
  }
  await sql.raw(`DROP TABLE ${q(LEDGER_TABLE)}`).execute(db);
  return result;
}

/** Our tables left by a schema creation that a crash cut short (MySQL): empty, since the copy never committed. */
async function dropPartialSchema(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const tables = await describeTables(db);
  const q = quoterOf(dialect);
  for (const table of OUR_TABLES.filter((t) => tables.has(t))) {
    if (!table.startsWith('kysely_')) {
      const { rows } = await sql
        .raw<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${q(table)}`)
        .execute(db);
      if (Number(rows[0]?.n) > 0) {
        throw new Error(
          `cannot resume the adoption: ${table} already holds rows; restore the database from its backup`,
        );
      }
    }
    await sql.raw(`DROP TABLE ${q(table)}`).execute(db);
  }
}

async function copyAll(db: Kysely<any>, dialect: DialectName, opts: AdoptOptions): Promise<AdoptionResult> {
  const q = quoterOf(dialect);
  const plan = copyPlan(dialect, await describeTables(db));
  const rows: Record<string, number> = {};
  for (const copy of plan) {
    await sql.raw(copyStatement(dialect, copy)).execute(db);
    const { rows: counted } = await sql
      .raw<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${q(copy.table)}`)
      .execute(db);
    rows[copy.table] = Number(counted[0]?.n ?? 0);
    opts.say?.(`copied ${copy.table}: ${rows[copy.table]} rows`);
  }
  let sealedKeys = 0;
  if (plan.some((c) => c.table === 'channels')) {
    const keys = await sql<{
      id: number;
      key: string | null;
    }>`select id, ${sql.ref('key')} as ${sql.ref('key')}
      from ${sql.table(parked('channels'))}`.execute(db);
    for (const { id, key } of keys.rows) {
      const sealed = opts.secrets.seal(key ?? '');
      await sql`update channels set ${sql.ref('key')} = ${sealed} where id = ${id}`.execute(db);
      sealedKeys++;
    }
  }
  if (dialect === 'postgres')
    await advanceSequences(
      db,
      plan.map((c) => c.table),
    );
  const hashed = await sql<{
    n: number | string;
  }>`select count(*) as n from users where access_token is not null`.execute(db);
  return { rows, sealedKeys, hashedAccessTokens: Number(hashed.rows[0]?.n ?? 0) };
}
