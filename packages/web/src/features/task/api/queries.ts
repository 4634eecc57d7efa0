import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { taskKeys, type TaskFilters } from './keys';

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** Own async tasks; without a start, from the start of today (spec §9). */
export function useTasks(filters: TaskFilters, page: number) {
  return useQuery({
    queryKey: taskKeys.list(filters, page),
    queryFn: async () => {
      const result = await (
        await sdk()
      ).tasks.listSelf({
        page,
        ...(filters.task_id ? { task_id: filters.task_id } : {}),
        start_timestamp: Number(filters.start) || startOfToday(),
        ...(Number(filters.end) ? { end_timestamp: Number(filters.end) } : {}),
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
