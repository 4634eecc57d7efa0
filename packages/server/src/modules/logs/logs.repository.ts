import { LogType } from '@switchboard/sdk';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { countRows, escapeLike, likeEscaped, pageOf } from '../../db/query-helpers.js';
import type { Database } from '../../db/tables.js';

/** The log filters after validation; `userId` is set on self endpoints instead of `username`. */
export interface LogFilter {
  type?: number;
  userId?: number;
  tokenId?: number;
  username?: string;
  token_name?: string;
  model_name?: string;
  channel?: number;
  group?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

type Eb = ExpressionBuilder<Database, 'logs'>;

const hasWildcard = (pattern: string) => /[%_]/.test(pattern);

/**
 * Every condition is a plain comparison on a bare column, so the (x, created_at) indexes of the initial
 * migration serve both the page and its count.
 */
function conditions(eb: Eb, f: LogFilter): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = [];
  if (f.type !== undefined && f.type !== LogType.Unknown) list.push(eb('type', '=', f.type));
  if (f.userId !== undefined) list.push(eb('user_id', '=', f.userId));
  if (f.tokenId !== undefined) list.push(eb('token_id', '=', f.tokenId));
  if (f.username) list.push(eb('username', '=', f.username));
  if (f.token_name) list.push(eb('token_name', '=', f.token_name));
  // new-api matches model_name with LIKE as sent; without wildcards that is equality, which the index can use.
  if (f.model_name) {
    list.push(
      hasWildcard(f.model_name)
        ? eb('model_name', 'like', f.model_name)
        : eb('model_name', '=', f.model_name),
    );
  }
  if (f.channel) list.push(eb('channel_id', '=', f.channel));
  if (f.group) list.push(eb('group', '=', f.group));
  if (f.start_timestamp !== undefined) list.push(eb('created_at', '>=', f.start_timestamp));
  if (f.end_timestamp !== undefined) list.push(eb('created_at', '<=', f.end_timestamp));
  return list;
}

const filtered = (db: Db, f: LogFilter) => db.selectFrom('logs').where((eb) => eb.and(conditions(eb, f)));

/** One page of logs, newest first. */
export function listLogs(db: Db, f: LogFilter, limit: number, offset: number) {
  return filtered(db, f)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export const countLogs = (db: Db, f: LogFilter): Promise<number> => countRows(filtered(db, f));

/** Sum of quota and of prompt+completion tokens plus the row count, over consume rows of the filter. */
export async function sumConsumed(
  db: Db,
  f: LogFilter,
): Promise<{ quota: number; tokens: number; count: number }> {
  const row = await filtered(db, { ...f, type: LogType.Consume })
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('quota'), sql.lit(0)).as('quota'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))), sql.lit(0))
        .as('tokens'),
      eb.fn.countAll<number>().as('count'),
    ])
    .executeTakeFirst();
  return { quota: Number(row?.quota ?? 0), tokens: Number(row?.tokens ?? 0), count: Number(row?.count ?? 0) };
}

/** Keyword search: a numeric keyword also matches the type; otherwise the content's start. */
function searched(db: Db, keyword: string, userId: number | undefined) {
  let query = db.selectFrom('logs');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (keyword === '') return query;
  return query.where((eb) =>
    /^\d+$/.test(keyword)
      ? eb.or([eb('type', '=', Number(keyword)), likeEscaped('content', `${escapeLike(keyword)}%`)])
      : likeEscaped('content', `${escapeLike(keyword)}%`),
  );
}

export async function searchLogs(
  db: Db,
  keyword: string,
  userId: number | undefined,
  limit: number,
  offset: number,
) {
  const query = searched(db, keyword, userId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  return pageOf(query, { limit, offset });
}

export async function deleteLogsBefore(db: Db, timestamp: number): Promise<number> {
  const result = await db.deleteFrom('logs').where('created_at', '<', timestamp).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function channelNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('channels').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
