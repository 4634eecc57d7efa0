import type { Redemption } from '@switchboard/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { redemptionKeys, type RedemptionListQuery } from './keys';

/** One page of codes; a keyword (an id, or a name prefix) switches to the search endpoint. */
export function useRedemptions(q: RedemptionListQuery) {
  return useQuery({
    queryKey: redemptionKeys.list(q),
    queryFn: async () => {
      const client = await sdk();
      const paging = { page: q.page, pageSize: q.pageSize };
      const page = q.keyword
        ? await client.redemptions.search({ keyword: q.keyword, ...paging })
        : await client.redemptions.list(paging);
      return { items: page.items, total: page.total, hasNext: page.hasNextPage() };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every code matching the keyword, read 100 a page (the export); `onProgress` gets the rows read. */
export async function fetchAllRedemptions(
  keyword: string,
  onProgress?: (rows: number) => void,
): Promise<Redemption[]> {
  const client = await sdk();
  const paging = { page: 1, pageSize: 100 };
  const first = keyword
    ? await client.redemptions.search({ keyword, ...paging })
    : await client.redemptions.list(paging);
  const rows: Redemption[] = [];
  for await (const page of first.iterPages()) {
    rows.push(...page.items);
    onProgress?.(rows.length);
  }
  return rows;
}
