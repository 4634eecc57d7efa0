import { DRAWING_DEFAULT_WINDOW } from '@switchboard/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { midjourneyKeys, type MjFilters } from './keys';

/** Own drawing tasks; without a window, the last 30 days to one hour ahead (spec §9). */
export function useDrawings(filters: MjFilters, page: number) {
  return useQuery({
    queryKey: midjourneyKeys.list(filters, page),
    queryFn: async () => {
      const now = Math.floor(Date.now() / 1000);
      const result = await (
        await sdk()
      ).drawings.listSelf({
        page,
        ...(filters.mj_id ? { mj_id: filters.mj_id } : {}),
        start_timestamp: Number(filters.start) || now - DRAWING_DEFAULT_WINDOW.pastSeconds,
        end_timestamp: Number(filters.end) || now + DRAWING_DEFAULT_WINDOW.futureSeconds,
      });
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
