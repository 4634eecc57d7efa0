export interface LogFilters {
  type: string;
  token_name: string;
  model_name: string;
  group: string;
  start: string;
  end: string;
}

export const LOG_FILTERS = ['type', 'token_name', 'model_name', 'group', 'start', 'end'] as const;

export const logKeys = {
  all: ['logs'] as const,
  list: (filters: LogFilters, page: number, pageSize: number) =>
    ['logs', 'list', filters, page, pageSize] as const,
  stat: (filters: LogFilters) => ['logs', 'stat', filters] as const,
};

/** URL filters → SDK params (times are unix seconds in the URL). */
export function toParams(f: LogFilters) {
  const num = (v: string) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  return {
    ...(num(f.type) ? { type: num(f.type) as 1 | 2 | 3 | 4 } : {}),
    ...(f.token_name ? { token_name: f.token_name } : {}),
    ...(f.model_name ? { model_name: f.model_name } : {}),
    ...(f.group ? { group: f.group } : {}),
    ...(num(f.start) !== undefined ? { start_timestamp: num(f.start) } : {}),
    ...(num(f.end) !== undefined ? { end_timestamp: num(f.end) } : {}),
  };
}
