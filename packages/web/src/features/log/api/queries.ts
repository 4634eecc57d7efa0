import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { logKeys, toParams, type LogFilters } from './keys';

/** A page of logs: every user's for an admin (`/api/log/`), the caller's own otherwise. */
export function useLogs(
  filters: LogFilters,
  page: number,
  pageSize: number,
  autoRefresh: boolean,
  admin = false,
) {
  return useQuery({
    queryKey: logKeys.list(filters, page, pageSize, admin),
    queryFn: async () => {
      const logs = (await sdk()).logs;
      const params = { ...toParams(filters), page, pageSize };
      const result = admin ? await logs.list(params) : await logs.listSelf(params);
      return { items: result.items, total: result.total, hasNext: result.hasNextPage() };
    },
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? 10_000 : false,
  });
}

export function useLogStat(filters: LogFilters, autoRefresh: boolean, admin = false) {
  return useQuery({
    queryKey: logKeys.stat(filters, admin),
    queryFn: async () => {
      const { type: _type, ...rest } = toParams(filters);
      const logs = (await sdk()).logs;
      return admin ? logs.stat(rest) : logs.statSelf(rest);
    },
    refetchInterval: autoRefresh ? 10_000 : false,
  });
}
