export interface RedemptionListQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

export const redemptionKeys = {
  all: ['redemptions'] as const,
  list: (q: RedemptionListQuery) => ['redemptions', 'list', q] as const,
};
