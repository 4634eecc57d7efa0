import type { Log, LogStat } from '@switchboard/sdk';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import { toBool, type LogsTable } from '../../db/tables.js';
import type { PageRequest } from '../../http/paging.js';
import { audited, type AuditActor } from '../audit/audited.js';
import { ClosedWindowCache } from './closed-window-cache.js';
import {
  channelNames,
  countLogs,
  deleteLogsBefore,
  listLogs,
  searchLogs,
  sumConsumed,
  type LogFilter,
} from './logs.repository.js';

type LogRow = Selectable<LogsTable>;
type Consumed = Awaited<ReturnType<typeof sumConsumed>>;

interface Totals {
  count: ClosedWindowCache<number>;
  consumed: ClosedWindowCache<Consumed>;
}

/** Per database (tests run many apps in one process), the remembered totals of recent filters. */
const totalsByDb = new WeakMap<object, Totals>();

function totals(ctx: AppContext): Totals {
  let t = totalsByDb.get(ctx.logDb);
  if (!t) {
    const clock = { nowS: () => ctx.now(), nowMs: () => Date.now() };
    t = {
      count: new ClosedWindowCache(
        { plus: (a, b) => a + b, minus: (a, b) => a - b },
        (f) => countLogs(ctx.logDb, f),
        clock,
      ),
      consumed: new ClosedWindowCache<Consumed>(
        {
          plus: (a, b) => ({
            quota: a.quota + b.quota,
            tokens: a.tokens + b.tokens,
            count: a.count + b.count,
          }),
          minus: (a, b) => ({
            quota: a.quota - b.quota,
            tokens: a.tokens - b.tokens,
            count: a.count - b.count,
          }),
        },
        (f) => sumConsumed(ctx.logDb, f),
        clock,
      ),
    };
    totalsByDb.set(ctx.logDb, t);
  }
  return t;
}

/** Who reads: admins see channels and admin_info; users see their own rows, sanitised. */
export type LogViewer = { admin: true } | { admin: false; userId: number };

/** Drops `admin_info` (the channels tried) from the `other` JSON text; text that is not an object stays as is. */
export function stripAdminInfo(other: string): string {
  if (!other) return other;
  try {
    const parsed: unknown = JSON.parse(other);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return other;
    const { admin_info: _dropped, ...rest } = parsed as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return other;
  }
}

function toLog(row: LogRow, channelName: string): Log {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    created_at: Number(row.created_at),
    type: Number(row.type),
    content: row.content ?? '',
    username: row.username ?? '',
    token_name: row.token_name ?? '',
    model_name: row.model_name ?? '',
    quota: Number(row.quota),
    prompt_tokens: Number(row.prompt_tokens),
    completion_tokens: Number(row.completion_tokens),
    use_time: Number(row.use_time),
    is_stream: toBool(row.is_stream),
    channel: Number(row.channel_id),
    channel_name: channelName,
    token_id: Number(row.token_id),
    group: row.group ?? '',
    other: row.other ?? '',
  };
}

/** Rows → DTOs: admins get channel names; users never see channel, retry info or real ids (new-api shows id % 1024). */
async function present(ctx: AppContext, rows: LogRow[], viewer: LogViewer): Promise<Log[]> {
  if (!viewer.admin) {
    return rows.map((row) => ({
      ...toLog(row, ''),
      id: Number(row.id) % 1024,
      channel: 0,
      other: stripAdminInfo(row.other ?? ''),
    }));
  }
  const names = await channelNames(ctx.db, [
    ...new Set(rows.map((r) => Number(r.channel_id)).filter((id) => id > 0)),
  ]);
  return rows.map((row) => toLog(row, names.get(Number(row.channel_id)) ?? ''));
}

/** Self endpoints: the caller's rows only, and no channel filter. */
function scoped(filter: LogFilter, viewer: LogViewer): LogFilter {
  if (viewer.admin) return filter;
  return { ...filter, username: undefined, channel: undefined, userId: viewer.userId };
}

export async function listLogPage(ctx: AppContext, filter: LogFilter, viewer: LogViewer, page: PageRequest) {
  const f = scoped(filter, viewer);
  const [rows, total] = await Promise.all([
    listLogs(ctx.logDb, f, page.pageSize, page.offset),
    totals(ctx).count.get(f),
  ]);
  return { items: await present(ctx, rows, viewer), total };
}

/** Every log of one API key (`sk-…` or bare), sanitised as the owner's own view; an unknown key has none. */
export async function tokenLogPage(
  ctx: AppContext,
  key: string,
  page: PageRequest,
): Promise<[Log[], number]> {
  const token = await ctx.db
    .selectFrom('tokens')
    .select(['id', 'user_id'])
    .where('key', '=', key.replace(/^sk-/, ''))
    .executeTakeFirst();
  if (!token) return [[], 0];
  const viewer: LogViewer = { admin: false, userId: token.user_id };
  const { items, total } = await listLogPage(ctx, { tokenId: token.id }, viewer, page);
  return [items, total];
}

export async function searchLogPage(ctx: AppContext, keyword: string, viewer: LogViewer, page: PageRequest) {
  const userId = viewer.admin ? undefined : viewer.userId;
  const { rows, total } = await searchLogs(ctx.logDb, keyword, userId, page.pageSize, page.offset);
  return { items: await present(ctx, rows, viewer), total };
}

/** `quota` over the whole filter; `rpm`/`tpm` over the same filter's consume rows of the last 60 seconds. */
export async function logStat(ctx: AppContext, filter: LogFilter, viewer: LogViewer): Promise<LogStat> {
  const f = scoped(filter, viewer);
  const since = ctx.now() - 60;
  const recent = { ...f, start_timestamp: Math.max(f.start_timestamp ?? since, since) };
  const [all, minute] = await Promise.all([totals(ctx).consumed.get(f), sumConsumed(ctx.logDb, recent)]);
  return { quota: all.quota, rpm: minute.count, tpm: minute.tokens };
}

/** Deletes the logs created before `before`, with its audit entry (the cut-off and the count). */
export async function deleteLogs(ctx: AppContext, actor: AuditActor, before: number): Promise<number> {
  const t = totals(ctx);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // With LOG_SQL_DSN the logs live in a database of their own: the clear commits there, its entry here.
      const deleted = await deleteLogsBefore(ctx.logDb === ctx.db ? trx : ctx.logDb, before);
      const after = { before_timestamp: before, deleted };
      await audited(ctx, trx, actor, { action: 'log.delete', targetType: 'log', after });
      return deleted;
    });
  } finally {
    t.count.invalidate();
    t.consumed.invalidate();
  }
}
