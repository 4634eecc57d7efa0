import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { tokenKeys, type TokenListQuery } from './keys';

/** One page of the caller's tokens; a name or key filter switches to the search endpoint. */
export function useTokens(q: TokenListQuery) {
  return useQuery({
    queryKey: tokenKeys.list(q),
    queryFn: async () => {
      const client = await sdk();
      const paging = { page: q.page, pageSize: q.pageSize };
      const page =
        q.keyword || q.key
          ? await client.tokens.search({ keyword: q.keyword, token: q.key, ...paging })
          : await client.tokens.list(paging);
      return { items: page.items, total: page.total, hasNext: page.hasNextPage() };
    },
    placeholderData: keepPreviousData,
  });
}

export function useUserModels(enabled = true) {
  return useQuery({
    queryKey: tokenKeys.models,
    queryFn: async () => (await sdk()).users.self.models(),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useUserGroups(enabled = true) {
  return useQuery({
    queryKey: tokenKeys.groups,
    queryFn: async () => (await sdk()).users.self.groups(),
    staleTime: 5 * 60_000,
    enabled,
  });
}
