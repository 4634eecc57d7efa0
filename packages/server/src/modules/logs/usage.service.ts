import type { QuotaData } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';

/** new-api's limit for `GET /api/data/self`: one month. */
export const SELF_USAGE_MAX_SPAN_S = 2_592_000;

export interface UsageQuery {
  start_timestamp: number;
  end_timestamp: number;
  username?: string;
  userId?: number;
}

/**
 * Usage rows of `quota_data` in the window, oldest first. With a username or user id the user's own rows;
 * otherwise every user's rows summed per (model_name, created_at), as new-api's dashboard shows them.
 */
export async function listUsage(ctx: AppContext, q: UsageQuery): Promise<QuotaData[]> {
  const base = ctx.db
    .selectFrom('quota_data')
    .where('created_at', '>=', q.start_timestamp)
    .where('created_at', '<=', q.end_timestamp);
  if (q.userId !== undefined || q.username) {
    const rows = await (
      q.userId !== undefined ? base.where('user_id', '=', q.userId) : base.where('username', '=', q.username!)
    )
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      model_name: r.model_name,
      created_at: Number(r.created_at),
      token_used: Number(r.token_used),
      count: Number(r.count),
      quota: Number(r.quota),
    }));
  }
  const rows = await base
    .select((eb) => [
      'model_name',
      'created_at',
      eb.fn.sum<number>('token_used').as('token_used'),
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('quota').as('quota'),
    ])
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();
  return rows.map((r) => ({
    id: 0,
    user_id: 0,
    username: '',
    model_name: r.model_name,
    created_at: Number(r.created_at),
    token_used: Number(r.token_used),
    count: Number(r.count),
    quota: Number(r.quota),
  }));
}

/** The caller's own usage; the window may span at most a month. */
export function listOwnUsage(ctx: AppContext, userId: number, q: UsageQuery): Promise<QuotaData[]> {
  if (q.end_timestamp - q.start_timestamp > SELF_USAGE_MAX_SPAN_S) throw badRequest('usage.rangeTooLong');
  return listUsage(ctx, { start_timestamp: q.start_timestamp, end_timestamp: q.end_timestamp, userId });
}
