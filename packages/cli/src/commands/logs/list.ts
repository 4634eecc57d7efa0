import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { LOG_COLUMNS, LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';

export default defineCommand<LogFilterFlags & { limit?: string; all?: boolean }>({
  path: 'logs list',
  summary: 'List usage logs, newest first',
  options: [...LOG_FILTER_OPTIONS, LIMIT_OPTION, ALL_OPTION],
  output: true,
  examples: [
    'swb logs list --since 24h --type consume',
    'swb logs list --model gpt-4o --username alice --json',
  ],
  async run(opts, ctx) {
    const params = { ...logParams(opts), pageSize: pageSize(opts) };
    const logs = ctx.client().logs;
    const list = opts.self ? logs.listSelf(params, ctx.req) : logs.list(params, ctx.req);
    await ctx.out.list(await collect(list, opts), LOG_COLUMNS);
  },
});
