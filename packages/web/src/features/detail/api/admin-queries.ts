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

/** Users ranked by quota consumed in the window (top 100). */
export function useUsageByUser(start: number, end: number) {
  return useQuery({
    queryKey: detailKeys.byUser(start, end),
    queryFn: async () => (await sdk()).data.byUser({ start_timestamp: start, end_timestamp: end }),
  });
}

/** Channels ranked by quota consumed in the window (top 100). */
export function useUsageByChannel(start: number, end: number) {
  return useQuery({
    queryKey: detailKeys.byChannel(start, end),
    queryFn: async () => (await sdk()).data.byChannel({ start_timestamp: start, end_timestamp: end }),
  });
}
