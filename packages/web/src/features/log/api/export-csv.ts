import type { Log } from '@switchboard/sdk';
import { formatTime } from '../../../lib/format';
import { sdk } from '../../../lib/sdk';
import { toParams, type LogFilters } from './keys';

type CsvColumn = [string, (log: Log) => string | number];

/** Columns only an admin's export carries (the self endpoints leave them empty). */
const ADMIN_COLUMNS: CsvColumn[] = [
  ['username', (l) => l.username],
  ['channel', (l) => l.channel || ''],
  ['channel_name', (l) => l.channel_name],
];

const COLUMNS: CsvColumn[] = [
  ['created_at', (l) => formatTime(l.created_at)],
  ['type', (l) => l.type],
  ['token_name', (l) => l.token_name],
  ['group', (l) => l.group],
  ['model_name', (l) => l.model_name],
  ['prompt_tokens', (l) => l.prompt_tokens],
  ['completion_tokens', (l) => l.completion_tokens],
  ['quota', (l) => l.quota],
  ['use_time', (l) => l.use_time],
  ['is_stream', (l) => String(l.is_stream)],
  ['content', (l) => l.content],
  ['other', (l) => l.other],
];

function cell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The filtered logs as CSV, fetched page by page (100 a page) through the whole result, so an export is
 * never limited to the page on screen. `onProgress` gets the rows read so far.
 */
export async function exportLogsCsv(
  filters: LogFilters,
  onProgress?: (rows: number) => void,
  signal?: AbortSignal,
  admin = false,
): Promise<string> {
  const columns = admin ? [...COLUMNS.slice(0, 1), ...ADMIN_COLUMNS, ...COLUMNS.slice(1)] : COLUMNS;
  const lines = [columns.map(([name]) => name).join(',')];
  const logs = (await sdk()).logs;
  const params = { ...toParams(filters), page: 1, pageSize: 100 };
  const options = signal ? { signal } : {};
  const first = admin ? await logs.list(params, options) : await logs.listSelf(params, options);
  for await (const page of first.iterPages()) {
    for (const log of page.items) lines.push(columns.map(([, read]) => cell(read(log))).join(','));
    onProgress?.(lines.length - 1);
    if (signal?.aborted) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
