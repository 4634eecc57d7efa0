import { createWriteStream, type WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { csvCell } from '../../core/output.js';
import { cellText } from '../../core/format.js';
import { LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';

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
  summary: 'Stream every matching log as CSV or JSON lines, one page at a time (constant memory)',
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
    // Pin the window's end so logs landing during the export do not shift the pages under us.
    const params = { ...logParams(opts), pageSize: 100 };
    params.end_timestamp ??= Math.floor(Date.now() / 1000);
    const logs = ctx.client().logs;
    const file: WriteStream | undefined = opts.out
      ? createWriteStream(resolve(ctx.io.cwd, opts.out))
      : undefined;
    const write = async (line: string) => {
      if (!file) return void ctx.io.stdout.write(line);
      if (!file.write(line)) await once(file, 'drain');
    };
    if (format === 'csv') await write(FIELDS.join(',') + '\n');
    let count = 0;
    const list = opts.self ? logs.listSelf(params, ctx.req) : logs.list(params, ctx.req);
    try {
      for await (const log of list) {
        const row = log as unknown as Record<string, unknown>;
        await write(
          format === 'csv'
            ? FIELDS.map((f) => csvCell(cellText(row[f]))).join(',') + '\n'
            : JSON.stringify(log) + '\n',
        );
        count++;
      }
    } finally {
      if (file) {
        file.end();
        await once(file, 'close');
      }
    }
    ctx.out.note(`Exported ${count} log(s)${opts.out ? ` to ${opts.out}` : ''}.`);
  },
});
