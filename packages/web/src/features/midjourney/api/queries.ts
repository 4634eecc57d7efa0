import { DRAWING_DEFAULT_WINDOW } from '@switchboard/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { midjourneyKeys, type MjFilters } from './keys';

/**
 * Drawing tasks: every user's (with the channel filter) for an admin, own otherwise; without a window,
 * the last 30 days to one hour ahead (spec §9).
 */
export function useDrawings(filters: MjFilters, page: number, admin = false) {
  return useQuery({
    queryKey: midjourneyKeys.list(filters, page, admin),
    queryFn: async () => {
      const now = Math.floor(Date.now() / 1000);
      const drawings = (await sdk()).drawings;
      const params = {
        page,
        ...(filters.mj_id ? { mj_id: filters.mj_id } : {}),
        ...(admin && Number(filters.channel_id) ? { channel_id: Number(filters.channel_id) } : {}),
        start_timestamp: Number(filters.start) || now - DRAWING_DEFAULT_WINDOW.pastSeconds,
        end_timestamp: Number(filters.end) || now + DRAWING_DEFAULT_WINDOW.futureSeconds,
      };
      const result = admin ? await drawings.list(params) : await drawings.listSelf(params);
      return {
        items: result.items,
        total: result.total,
        hasNext: result.hasNextPage(),
        pageSize: result.pageSize,
      };
    },
    placeholderData: keepPreviousData,
  });
}
