import { z } from 'zod';
import { orDefault, TimestampSchema, withTimeRange } from './common.js';

/** Most rows a usage ranking answers: the top spenders, never the whole table. */
export const USAGE_RANK_LIMIT = 100;

/**
 * `GET /api/data/users` and `/api/data/channels` (Switchboard; new-api 0.4.8 has no such call): the
 * window whose consumption is ranked, in unix seconds.
 */
export const UsageRankParamsSchema = withTimeRange(
  z.object({
    start_timestamp: TimestampSchema,
    end_timestamp: TimestampSchema,
  }),
);
/** Usage ranking parameters. */
export type UsageRankParams = z.input<typeof UsageRankParamsSchema>;

const totals = {
  /** Quota consumed in the window. */
  quota: orDefault(z.number(), 0),
  /** Requests in the window. */
  count: orDefault(z.number(), 0),
  /** Prompt plus completion tokens in the window. */
  token_used: orDefault(z.number(), 0),
};

/** One user's consumption in a window, summed from the dashboard's hourly rows. */
export const UserUsageSchema = z.object({
  user_id: orDefault(z.number().int(), 0),
  username: orDefault(z.string(), ''),
  ...totals,
});
/** A user's consumption in a window. */
export type UserUsage = z.output<typeof UserUsageSchema>;

/** One channel's consumption in a window, summed from the consumption logs. */
export const ChannelUsageSchema = z.object({
  channel_id: orDefault(z.number().int(), 0),
  /** Empty when the channel has been deleted since. */
  channel_name: orDefault(z.string(), ''),
  ...totals,
});
/** A channel's consumption in a window. */
export type ChannelUsage = z.output<typeof ChannelUsageSchema>;
