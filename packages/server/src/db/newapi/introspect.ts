import { sql, type Kysely } from 'kysely';
import { dialectOf, type DialectName } from '../dialect.js';
import { LEDGER_TABLE } from './target-schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- reads whatever schema the database holds */

export interface SourceColumn {
  name: string;
  /** The database's own type name, lower case (`bigint`, `longtext`, `timestamp with time zone`, …). */
  type: string;
  /** Declared character width, when the type has one. */
  width?: number;
}

/** Tables of the current schema (PostgreSQL), database (MySQL) or file (SQLite), with their columns. */
export type Tables = Map<string, SourceColumn[]>;

export async function describeTables(db: Kysely<any>): Promise<Tables> {
  const dialect = dialectOf(db);
  const query =
    dialect === 'sqlite'
      ? sql<Row>`select m.name as t, p.name as c, lower(p.type) as type, null as width
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite%' order by m.name, p.cid`
      : sql<Row>`select table_name as t, column_name as c, lower(data_type) as type,
          character_maximum_length as width from information_schema.columns
          where table_schema = ${dialect === 'postgres' ? sql`current_schema()` : sql`database()`}
          order by table_name, ordinal_position`;
  const tables: Tables = new Map();
  for (const row of (await query.execute(db)).rows) {
    const list = tables.get(row.t) ?? [];
    const width = row.width === null || row.width === undefined ? undefined : Number(row.width);
    list.push({ name: row.c, type: String(row.type ?? ''), ...(width ? { width } : {}) });
    tables.set(row.t, list);
  }
  return tables;
}

interface Row {
  t: string;
  c: string;
  type: string;
  width: number | string | null;
}

/**
 * What a database holds, as start-up sees it:
 * - `switchboard`: ours (Kysely's migration table), perhaps not yet up to date;
 * - `newapi`: new-api's tables and columns without our migration table: adoptable;
 * - `adopting`: an adoption that stopped part-way (MySQL, whose DDL is not transactional): resumable;
 * - `fresh`: neither, so our migrations create everything (other applications' tables are left alone).
 */
export type DatabaseKind = 'switchboard' | 'newapi' | 'adopting' | 'fresh';

/** Columns only new-api's schema has together; one-api's and later new-api versions' have them too. */
const NEWAPI_SIGNATURE: Record<string, string[]> = {
  users: ['username', 'password', 'access_token', 'quota', 'group'],
  tokens: ['user_id', 'key', 'remain_quota', 'unlimited_quota'],
  channels: ['type', 'key', 'models', 'group'],
  options: ['key', 'value'],
};

export function kindOf(tables: Tables): DatabaseKind {
  if (tables.has(LEDGER_TABLE)) return 'adopting';
  if (tables.has('kysely_migration')) return 'switchboard';
  const looksLikeNewApi = Object.entries(NEWAPI_SIGNATURE).every(([table, columns]) => {
    const have = new Set((tables.get(table) ?? []).map((c) => c.name));
    return columns.every((c) => have.has(c));
  });
  return looksLikeNewApi ? 'newapi' : 'fresh';
}

/** Identifier quoting of each dialect. */
export function quoterOf(dialect: DialectName): (name: string) => string {
  return dialect === 'mysql' ? (n) => `\`${n.replace(/`/g, '``')}\`` : (n) => `"${n.replace(/"/g, '""')}"`;
}
