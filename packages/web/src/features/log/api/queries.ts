import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { logKeys, toParams, type LogFilters } from './keys';

export function useLogs(filters: LogFilters, page: number, pageSize: number, autoRefresh: boolean) {
  return useQuery({
    queryKey: logKeys.list(filters, page, pageSize),
    queryFn: async () => {
      const result = await (await sdk()).logs.listSelf({ ...toParams(filters), page, pageSize });
      return { items: result.items, total: result.total, hasNext: result.hasNextPage() };
    },
    placeholderData: keepPreviousData,
    refetchInterval: autoRefresh ? 10_000 : false,
  });
}

export function useLogStat(filters: LogFilters, autoRefresh: boolean) {
  return useQuery({
    queryKey: logKeys.stat(filters),
    queryFn: async () => {
      const { type: _type, ...rest } = toParams(filters);
      return (await sdk()).logs.statSelf(rest);
    },
    refetchInterval: autoRefresh ? 10_000 : false,
  });
}
