import type { Log, LogListParams } from '@switchboard/sdk';
import { usageError } from '../../core/errors.js';
import { parseTime } from '../../core/format.js';
import type { Column } from '../../core/output.js';
import type { OptionDef } from '../../core/command.js';

const TYPES: Record<string, number> = { all: 0, topup: 1, consume: 2, manage: 3, system: 4 };
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([k, v]) => [v, k]));

export interface LogFilterFlags {
  type?: string;
  username?: string;
  token?: string;
  model?: string;
  channel?: string;
  group?: string;
  since?: string;
  until?: string;
  self?: boolean;
}

/** The filter flags shared by logs list, stat, tail and export. */
export const LOG_FILTER_OPTIONS: readonly OptionDef[] = [
  { flags: '--type <type>', description: 'topup, consume, manage, system (or 1-4)' },
  { flags: '--username <name>', description: 'only this user (admin)' },
  { flags: '--token <name>', description: 'only this token name' },
  { flags: '--model <name>', description: 'only this model (SQL LIKE pattern)' },
  { flags: '--channel <id>', description: 'only this channel id (admin)' },
  { flags: '--group <group>', description: 'only this group' },
  { flags: '--since <time>', description: 'from: 24h, 7d, an ISO date or unix seconds' },
  { flags: '--until <time>', description: 'to: same forms as --since' },
  { flags: '--self', description: 'own logs only (no admin role needed)' },
];

function time(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const t = parseTime(text);
  if (t === undefined)
    throw usageError(`${flag}: cannot read "${text}" as a time (try 24h, 7d or 2026-01-31)`);
  return t;
}

/** Turns the filter flags into SDK list params. */
export function logParams(f: LogFilterFlags): LogListParams {
  let type: number | undefined;
  if (f.type !== undefined) {
    type = /^\d+$/.test(f.type) ? Number(f.type) : TYPES[f.type.toLowerCase()];
    if (type === undefined) throw usageError(`--type must be one of ${Object.keys(TYPES).join(', ')}`);
  }
  return {
    ...(type !== undefined ? { type } : {}),
    ...(f.username ? { username: f.username } : {}),
    ...(f.token ? { token_name: f.token } : {}),
    ...(f.model ? { model_name: f.model } : {}),
    ...(f.channel ? { channel: f.channel } : {}),
    ...(f.group ? { group: f.group } : {}),
    ...(f.since ? { start_timestamp: time(f.since, '--since') } : {}),
    ...(f.until ? { end_timestamp: time(f.until, '--until') } : {}),
  } as LogListParams;
}

export const LOG_COLUMNS: readonly Column<Log>[] = [
  { key: 'id' },
  { key: 'created_at', header: 'TIME', kind: 'time' },
  { key: 'type', show: (l) => TYPE_NAMES[l.type] ?? String(l.type) },
  { key: 'username', header: 'USER' },
  { key: 'token_name', header: 'TOKEN' },
  { key: 'model_name', header: 'MODEL' },
  { key: 'quota', kind: 'quota' },
  { key: 'prompt_tokens', header: 'PROMPT' },
  { key: 'completion_tokens', header: 'COMPLETION' },
  { key: 'use_time', header: 'SECS' },
  { key: 'channel' },
  { key: 'content', show: (l) => (l.content.length > 60 ? `${l.content.slice(0, 59)}…` : l.content) },
];
