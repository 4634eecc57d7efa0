import { LogType, USAGE_RANK_LIMIT, type ChannelUsage, type UserUsage } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';

export interface UsageWindow {
  start_timestamp: number;
  end_timestamp: number;
}

/**
 * Users ranked by quota consumed in the window, from the dashboard's hourly `quota_data` rows (small and
 * already summed per user, model and hour, so the ranking never scans the logs).
 */
export async function rankUsers(ctx: AppContext, w: UsageWindow): Promise<UserUsage[]> {
  const rows = await ctx.db
    .selectFrom('quota_data')
    .where('created_at', '>=', w.start_timestamp)
    .where('created_at', '<=', w.end_timestamp)
    .select((eb) => [
      'user_id',
      eb.fn.max('username').as('username'),
      eb.fn.sum<number>('quota').as('quota'),
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('token_used').as('token_used'),
    ])
    .groupBy('user_id')
    .orderBy('quota', 'desc')
    .orderBy('user_id')
    .limit(USAGE_RANK_LIMIT)
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id),
    username: String(r.username ?? ''),
    quota: Number(r.quota),
    count: Number(r.count),
    token_used: Number(r.token_used),
  }));
}

/**
 * Channels ranked by the quota of their consumption logs in the window, with the channel's current name
 * (empty once deleted). The hourly rows carry no channel, so this one reads the logs of the window.
 */
export async function rankChannels(ctx: AppContext, w: UsageWindow): Promise<ChannelUsage[]> {
  const rows = await ctx.logDb
    .selectFrom('logs')
    .where('type', '=', LogType.Consume)
    .where('created_at', '>=', w.start_timestamp)
    .where('created_at', '<=', w.end_timestamp)
    .select((eb) => [
      'channel_id',
      eb.fn.sum<number>('quota').as('quota'),
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('token_used'),
    ])
    .groupBy('channel_id')
    .orderBy('quota', 'desc')
    .orderBy('channel_id')
    .limit(USAGE_RANK_LIMIT)
    .execute();
  const ids = rows.map((r) => Number(r.channel_id)).filter((id) => id > 0);
  const names = new Map<number, string>();
  if (ids.length > 0) {
    const channels = await ctx.db
      .selectFrom('channels')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    for (const c of channels) names.set(Number(c.id), c.name);
  }
  return rows.map((r) => ({
    channel_id: Number(r.channel_id),
    channel_name: names.get(Number(r.channel_id)) ?? '',
    quota: Number(r.quota),
    count: Number(r.count),
    token_used: Number(r.token_used),
  }));
}
