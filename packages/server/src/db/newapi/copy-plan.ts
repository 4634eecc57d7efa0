import type { DialectName } from '../dialect.js';
import { quoterOf, type SourceColumn, type Tables } from './introspect.js';
import { parked, TARGET_TABLES, type TargetColumn } from './target-schema.js';

/** How one adopted table is filled from new-api's: `insert into table (columns) select expressions from source`. */
export interface TableCopy {
  table: string;
  /** The parked new-api table it is read from. */
  source: string;
  columns: string[];
  expressions: string[];
  /** Our columns new-api's table lacks: they take their defaults. */
  added: string[];
  /** new-api's columns we have no place for. */
  dropped: string[];
  /** Columns whose values change form on the way (see `convert`). */
  converted: { column: string; how: Conversion }[];
  /** varchar columns whose longer values are cut (PostgreSQL and MySQL enforce widths). */
  cut: { column: string; width: number }[];
  /** new-api's columns read under another name. */
  renamed: { from: string; to: string }[];
}

export type Conversion = 'sealed' | 'hashed' | 'unix-seconds' | 'json-text';

/** The SQL function the adoption registers on SQLite, which has no SHA-256 of its own. */
export const SQLITE_SHA256 = 'swb_sha256';

const isTime = (c: SourceColumn) => /date|time/.test(c.type) && !/int/.test(c.type);
const isJson = (c: SourceColumn) => /json/.test(c.type);

/** Seconds since 1970 of a datetime column, NULL kept; a value the database cannot read stays "deleted". */
function unixSeconds(dialect: DialectName, col: string): string {
  if (dialect === 'postgres') return `CAST(EXTRACT(EPOCH FROM ${col}) AS BIGINT)`;
  if (dialect === 'mysql')
    return `CASE WHEN ${col} IS NULL THEN NULL ELSE COALESCE(FLOOR(UNIX_TIMESTAMP(${col})), 1) END`;
  // glebarez/sqlite stores times as text ("2006-01-02 15:04:05.999999999-07:00"), which strftime reads.
  return `CASE WHEN ${col} IS NULL THEN NULL WHEN typeof(${col}) IN ('integer', 'real') THEN CAST(${col} AS INTEGER) ELSE COALESCE(CAST(strftime('%s', ${col}) AS INTEGER), 1) END`;
}

function sha256Hex(dialect: DialectName, value: string): string {
  if (dialect === 'postgres') return `encode(sha256(convert_to(${value}, 'UTF8')), 'hex')`;
  if (dialect === 'mysql') return `LOWER(SHA2(${value}, 256))`;
  return `${SQLITE_SHA256}(${value})`;
}

const literal = (value: number | boolean | string) =>
  typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

/** The expression filling `target` from new-api's column `from`, and how its values change. */
function convert(
  dialect: DialectName,
  table: string,
  target: TargetColumn,
  from: SourceColumn,
): { expression: string; how?: Conversion; cutTo?: number } {
  const q = quoterOf(dialect);
  const col = q(from.name);
  // Channel keys are sealed one by one after the copy: no plaintext key is ever written to the new table.
  if (table === 'channels' && target.name === 'key') return { expression: "''", how: 'sealed' };
  if (table === 'users' && target.name === 'access_token') {
    return { expression: sha256Hex(dialect, `NULLIF(${col}, '')`), how: 'hashed' };
  }
  if (target.name === 'deleted_at' && isTime(from))
    return { expression: unixSeconds(dialect, col), how: 'unix-seconds' };
  let expression = col;
  let how: Conversion | undefined;
  if (isJson(from) && dialect !== 'sqlite') {
    expression = `CAST(${col} AS ${dialect === 'mysql' ? 'CHAR' : 'TEXT'})`;
    how = 'json-text';
  }
  if (table === 'users' && target.name === 'aff_code') expression = `NULLIF(${expression}, '')`;
  const cutTo =
    target.width && dialect !== 'sqlite' && !(from.width !== undefined && from.width <= target.width)
      ? target.width
      : undefined;
  if (cutTo) expression = `SUBSTR(${expression}, 1, ${cutTo})`;
  if (target.def !== undefined) expression = `COALESCE(${expression}, ${literal(target.def)})`;
  return { expression, how, cutTo };
}

/** The copy of every adopted table the database has (parked under `newapi_<name>`), in insert order. */
export function copyPlan(dialect: DialectName, tables: Tables, { parkedNames = true } = {}): TableCopy[] {
  const q = quoterOf(dialect);
  const plan: TableCopy[] = [];
  for (const [table, targets] of Object.entries(TARGET_TABLES)) {
    const source = parkedNames ? parked(table) : table;
    const columns = tables.get(source);
    if (!columns) continue;
    const byName = new Map(columns.map((c) => [c.name, c]));
    const copy: TableCopy = {
      table,
      source,
      columns: [],
      expressions: [],
      added: [],
      dropped: columns.map((c) => c.name).filter((n) => !targets.some((t) => t.name === n || t.from === n)),
      converted: [],
      cut: [],
      renamed: [],
    };
    for (const target of targets) {
      const from = byName.get(target.name) ?? (target.from ? byName.get(target.from) : undefined);
      if (!from) {
        copy.added.push(target.name);
        continue;
      }
      const { expression, how, cutTo } = convert(dialect, table, target, from);
      copy.columns.push(q(target.name));
      copy.expressions.push(expression);
      if (how) copy.converted.push({ column: target.name, how });
      if (cutTo) copy.cut.push({ column: target.name, width: cutTo });
      if (from.name !== target.name) copy.renamed.push({ from: from.name, to: target.name });
    }
    plan.push(copy);
  }
  return plan;
}

/** `insert into … select … from …` of one table. */
export function copyStatement(dialect: DialectName, copy: TableCopy): string {
  const q = quoterOf(dialect);
  return (
    `INSERT INTO ${q(copy.table)} (${copy.columns.join(', ')}) ` +
    `SELECT ${copy.expressions.join(', ')} FROM ${q(copy.source)}`
  );
}
