import type { Log } from '@switchboard/sdk';
import { formatTime } from '../../../lib/format';
import { sdk } from '../../../lib/sdk';
import { toParams, type LogFilters } from './keys';

const COLUMNS: Array<[string, (log: Log) => string | number]> = [
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
): Promise<string> {
  const lines = [COLUMNS.map(([name]) => name).join(',')];
  const first = await (
    await sdk()
  ).logs.listSelf({ ...toParams(filters), page: 1, pageSize: 100 }, signal ? { signal } : {});
  for await (const page of first.iterPages()) {
    for (const log of page.items) lines.push(COLUMNS.map(([, read]) => cell(read(log))).join(','));
    onProgress?.(lines.length - 1);
    if (signal?.aborted) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
