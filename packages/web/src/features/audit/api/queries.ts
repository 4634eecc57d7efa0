import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { auditKeys, auditParams, type AuditFilters } from './keys';

/** One page of audit entries, newest first. */
export function useAuditEntries(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: auditKeys.list(filters, page, pageSize),
    queryFn: async () => {
      const client = await sdk();
      const result = await client.audit.list({ ...auditParams(filters), page, pageSize });
      return { items: result.items, total: result.total, hasNext: result.hasNextPage() };
    },
    placeholderData: keepPreviousData,
  });
}
