import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { taskKeys, type TaskFilters } from './keys';

function startOfToday(): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * Async tasks: every user's (with the channel filter) for an admin, own otherwise; without a start, from
 * the start of today (spec §9).
 */
export function useTasks(filters: TaskFilters, page: number, admin = false) {
  return useQuery({
    queryKey: taskKeys.list(filters, page, admin),
    queryFn: async () => {
      const tasks = (await sdk()).tasks;
      const params = {
        page,
        ...(filters.task_id ? { task_id: filters.task_id } : {}),
        ...(admin && Number(filters.channel_id) ? { channel_id: Number(filters.channel_id) } : {}),
        start_timestamp: Number(filters.start) || startOfToday(),
        ...(Number(filters.end) ? { end_timestamp: Number(filters.end) } : {}),
      };
      const result = admin ? await tasks.list(params) : await tasks.listSelf(params);
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
