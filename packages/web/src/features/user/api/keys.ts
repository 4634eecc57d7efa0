export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (q: UserListQuery) => ['users', 'list', q] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  self: ['users', 'self'] as const,
  groups: ['users', 'groups'] as const,
};
