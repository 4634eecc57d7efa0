/** `channel_id` is an admin filter; the self endpoint ignores it. */
export const TASK_FILTERS = ['task_id', 'start', 'end', 'channel_id'] as const;
export type TaskFilters = Record<(typeof TASK_FILTERS)[number], string>;

export const taskKeys = {
  list: (filters: TaskFilters, page: number, admin = false) => ['tasks', filters, page, admin] as const,
};
