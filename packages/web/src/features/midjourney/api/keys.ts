export const MJ_FILTERS = ['mj_id', 'start', 'end'] as const;
export type MjFilters = Record<(typeof MJ_FILTERS)[number], string>;

export const midjourneyKeys = {
  list: (filters: MjFilters, page: number) => ['drawings', filters, page] as const,
};
