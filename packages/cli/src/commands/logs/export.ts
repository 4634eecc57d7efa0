import { createWriteStream, WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { EventEmitter, once } from 'node:events';
import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { csvCell } from '../../core/output.js';
import { cellText } from '../../core/format.js';
import { safeText } from '../../core/safe-text.js';
import { LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';
import { logPages, walkLogs } from './walk.js';

const FIELDS = [
  'id',
  'created_at',
  'type',
  'user_id',
  'username',
  'token_name',
  'token_id',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel',
  'group',
  'content',
] as const;

export default defineCommand<LogFilterFlags & { format?: string; out?: string }>({
  path: 'logs export',
  summary:
    'Stream every matching log as CSV or JSON lines, newest first, one page at a time (constant memory)',
  options: [
    ...LOG_FILTER_OPTIONS,
    { flags: '--format <format>', description: 'csv or jsonl', default: 'jsonl' },
    { flags: '--out <file>', description: 'write to a file instead of stdout' },
  ],
  examples: [
    'swb logs export --since 30d --format csv --out usage.csv',
    'swb logs export | gzip > logs.jsonl.gz',
  ],
  async run(opts, ctx) {
    const format = opts.format ?? 'jsonl';
    if (format !== 'csv' && format !== 'jsonl') throw usageError('--format must be csv or jsonl');
    const params = logParams(opts);
    const fetchPage = logPages(ctx.client().logs, opts.self, ctx.req);
    const out = opts.out ? createWriteStream(resolve(ctx.io.cwd, opts.out)) : ctx.io.stdout;
    const write = async (chunk: string) => {
      // Wait while the reader is slower than the server, so memory holds one page whatever the size.
      if (out.write(chunk) === false && out instanceof EventEmitter) await once(out, 'drain');
    };
    if (format === 'csv') await write(FIELDS.join(',') + '\n');
    let count = 0;
    try {
      for await (const page of walkLogs(fetchPage, params)) {
        let chunk = '';
        for (const log of page) {
          const row = log as unknown as Record<string, unknown>;
          chunk +=
            format === 'csv'
              ? FIELDS.map((f) => csvCell(safeText(cellText(row[f])))).join(',') + '\n'
              : JSON.stringify(log) + '\n';
        }
        await write(chunk);
        count += page.length;
      }
    } finally {
      if (out instanceof WriteStream) {
        out.end();
        await once(out, 'close');
      }
    }
    ctx.out.note(`Exported ${count} log(s)${opts.out ? ` to ${opts.out}` : ''}.`);
  },
});
