import type { User } from '@switchboard/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { userKeys, type UserListQuery } from './keys';

async function firstPage(q: UserListQuery) {
  const client = await sdk();
  const paging = { page: q.page, pageSize: q.pageSize };
  return q.keyword || q.group
    ? client.users.search({ keyword: q.keyword, group: q.group, ...paging })
    : client.users.list(paging);
}

/** One page of users (deleted ones included); a keyword or group switches to the search endpoint. */
export function useUsers(q: UserListQuery) {
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: async () => {
      const page = await firstPage(q);
      return { items: page.items, total: page.total, hasNext: page.hasNextPage() };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every user matching the filters, read 100 a page (the export). */
export async function fetchAllUsers(
  q: Pick<UserListQuery, 'keyword' | 'group'>,
  onProgress?: (rows: number) => void,
): Promise<User[]> {
  const first = await firstPage({ ...q, page: 1, pageSize: 100 });
  const rows: User[] = [];
  for await (const page of first.iterPages()) {
    rows.push(...page.items);
    onProgress?.(rows.length);
  }
  return rows;
}

/** A user by id, or the signed-in user when id is undefined (`/user/edit`). */
export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: id === undefined ? userKeys.self : userKeys.detail(id),
    queryFn: async () => {
      const client = await sdk();
      return id === undefined ? client.users.self.get() : client.users.get(id);
    },
  });
}

/** Group names (the keys of GroupRatio), for the group filter and the editor. */
export function useGroups() {
  return useQuery({
    queryKey: userKeys.groups,
    queryFn: async () => (await sdk()).groups.list(),
    staleTime: 5 * 60_000,
  });
}
