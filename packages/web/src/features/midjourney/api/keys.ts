/** `channel_id` is an admin filter; the self endpoint ignores it. */
export const MJ_FILTERS = ['mj_id', 'start', 'end', 'channel_id'] as const;
export type MjFilters = Record<(typeof MJ_FILTERS)[number], string>;

export const midjourneyKeys = {
  list: (filters: MjFilters, page: number, admin = false) => ['drawings', filters, page, admin] as const,
};
