export interface TokenListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  key: string;
}

export const tokenKeys = {
  all: ['tokens'] as const,
  list: (q: TokenListQuery) => ['tokens', 'list', q] as const,
  models: ['tokens', 'user-models'] as const,
  groups: ['tokens', 'user-groups'] as const,
};
