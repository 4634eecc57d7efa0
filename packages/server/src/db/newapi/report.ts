import { sql, type Kysely } from 'kysely';
import type { DbTarget } from '../database.js';
import type { DialectName } from '../dialect.js';
import { copyPlan, type TableCopy } from './copy-plan.js';
import { describeTables, kindOf, quoterOf, type DatabaseKind } from './introspect.js';
import { withReadOnlyDb } from './read-only.js';
import { describeTarget } from './start.js';
import { LEDGER_TABLE, NEW_TABLES, TARGET_TABLES } from './target-schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- reads new-api's schema */

export interface TableReport {
  table: string;
  rows: number;
  /** Columns Switchboard adds, with their defaults. */
  added: string[];
  /** new-api's columns that are not kept. */
  dropped: string[];
  /** What changes form on the way, in words. */
  changes: string[];
}

/** What `swb doctor` prints: what the database is, and what the upgrade on first start will change. */
export interface DoctorReport {
  database: string;
  dialect: DialectName;
  state: DatabaseKind;
  summary: string;
  tables: TableReport[];
  /** Switchboard's tables the upgrade creates empty. */
  created: string[];
  /** Tables neither Switchboard nor new-api 0.4.8 has: left as they are. */
  untouched: string[];
}

async function countWhere(db: Kysely<any>, dialect: DialectName, table: string, where = ''): Promise<number> {
  const q = quoterOf(dialect);
  const { rows } = await sql
    .raw<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${q(table)}${where ? ` WHERE ${where}` : ''}`)
    .execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function changesOf(db: Kysely<any>, dialect: DialectName, copy: TableCopy): Promise<string[]> {
  const q = quoterOf(dialect);
  const changes: string[] = [];
  for (const { from, to } of copy.renamed) changes.push(`${from} is read as ${to}`);
  for (const { column, how } of copy.converted) {
    const c = q(column);
    if (how === 'sealed') {
      changes.push(`${await countWhere(db, dialect, copy.source)} channel keys encrypted with CRYPTO_SECRET`);
    } else if (how === 'hashed') {
      const n = await countWhere(db, dialect, copy.source, `${c} IS NOT NULL AND ${c} <> ''`);
      changes.push(`${n} access tokens stored as SHA-256 (they keep working)`);
    } else if (how === 'unix-seconds') {
      const n = await countWhere(db, dialect, copy.source, `${c} IS NOT NULL`);
      changes.push(`${column} from a date-time to Unix seconds (${n} soft-deleted rows)`);
    } else changes.push(`${column} from JSON to text`);
  }
  const length = dialect === 'mysql' ? 'CHAR_LENGTH' : 'LENGTH';
  for (const { column, width } of copy.cut) {
    const source = copy.renamed.find((r) => r.to === column)?.from ?? column;
    const n = await countWhere(db, dialect, copy.source, `${length}(${q(source)}) > ${width}`);
    if (n > 0) changes.push(`${n} values of ${column} cut to ${width} characters`);
  }
  return changes;
}

const SUMMARY: Record<DatabaseKind, string> = {
  newapi:
    'a new-api database: the server upgrades it in place when started with --migrate (or MIGRATE_FROM_NEWAPI=true)' +
    ', after copying a SQLite file beside itself',
  adopting: 'a new-api database whose upgrade stopped part-way: start the server with --migrate to finish it',
  switchboard: "Switchboard's database: nothing to upgrade",
  fresh: 'no new-api or Switchboard tables: the server creates its schema on first start',
};

/** Reads the database without changing it and answers what the upgrade would do. */
export async function doctorReport(target: DbTarget): Promise<DoctorReport> {
  const base = { database: describeTarget(target), dialect: target.dialect };
  const report = await withReadOnlyDb(target, async (db) => {
    const tables = await describeTables(db);
    const state = kindOf(tables);
    const known = new Set([...Object.keys(TARGET_TABLES), ...NEW_TABLES, LEDGER_TABLE]);
    const untouched = [...tables.keys()].filter(
      (t) => !known.has(t) && !t.startsWith('kysely_') && !t.startsWith('newapi_'),
    );
    const result: DoctorReport = {
      ...base,
      state,
      summary: SUMMARY[state],
      tables: [],
      created: [],
      untouched,
    };
    if (state !== 'newapi') return result;
    for (const copy of copyPlan(target.dialect, tables, { parkedNames: false })) {
      const rows = await countWhere(db, target.dialect, copy.source);
      const changes = await changesOf(db, target.dialect, copy);
      result.tables.push({ table: copy.table, rows, added: copy.added, dropped: copy.dropped, changes });
    }
    const adopted = new Set(result.tables.map((t) => t.table));
    result.created = [...Object.keys(TARGET_TABLES).filter((t) => !adopted.has(t)), ...NEW_TABLES];
    return result;
  });
  return (
    report ?? { ...base, state: 'fresh', summary: SUMMARY.fresh, tables: [], created: [], untouched: [] }
  );
}
