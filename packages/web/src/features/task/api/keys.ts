export const TASK_FILTERS = ['task_id', 'start', 'end'] as const;
export type TaskFilters = Record<(typeof TASK_FILTERS)[number], string>;

export const taskKeys = {
  list: (filters: TaskFilters, page: number) => ['tasks', filters, page] as const,
};
