import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { detailKeys } from './keys';

/**
 * Admin usage rows in the window (`/api/data/`): one user's when a username is given, otherwise every
 * user's summed per model and hour, as new-api's dashboard shows them. `enabled` is false for non-admins.
 */
export function useAdminUsage(start: number, end: number, username: string, enabled: boolean) {
  return useQuery({
    queryKey: detailKeys.adminUsage(start, end, username),
    queryFn: async () => {
      const page = await (
        await sdk()
      ).data.list({ start_timestamp: start, end_timestamp: end, ...(username ? { username } : {}) });
      return page.toArray({ limit: 100_000 });
    },
    enabled,
  });
}

/** One channel's consumption in the window, from the log statistics (quota used; rpm and tpm of the last minute). */
export function useChannelStat(channel: number, start: number, end: number) {
  return useQuery({
    queryKey: detailKeys.channelStat(channel, start, end),
    queryFn: async () =>
      (await sdk()).logs.stat({ channel, type: 2, start_timestamp: start, end_timestamp: end }),
    enabled: channel > 0,
  });
}
