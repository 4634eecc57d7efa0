export interface LogFilters {
  type: string;
  token_name: string;
  model_name: string;
  group: string;
  start: string;
  end: string;
  /** Admin only: one user's logs. */
  username: string;
  /** Admin only: one channel's logs (its id). */
  channel: string;
}

export const LOG_FILTERS = [
  'type',
  'token_name',
  'model_name',
  'group',
  'start',
  'end',
  'username',
  'channel',
] as const;

export const logKeys = {
  all: ['logs'] as const,
  list: (filters: LogFilters, page: number, pageSize: number, admin = false) =>
    ['logs', 'list', filters, page, pageSize, admin] as const,
  stat: (filters: LogFilters, admin = false) => ['logs', 'stat', filters, admin] as const,
  user: (id: number) => ['logs', 'user', id] as const,
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
    // The self endpoints ignore these; only admins get the fields to fill them.
    ...(f.username ? { username: f.username } : {}),
    ...(num(f.channel) ? { channel: num(f.channel) } : {}),
  };
}
