import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, LIMIT_OPTION, parseCount } from '../../core/args.js';
import { LOG_COLUMNS, LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';
import { take, WALK_PAGE_SIZE, logPages, walkLogs } from './walk.js';

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
    const fetchPage = logPages(ctx.client().logs, opts.self, ctx.req);
    const limit = opts.all ? Infinity : parseCount(opts.limit ?? 100, '--limit', 1);
    const walk = walkLogs(fetchPage, logParams(opts), Math.min(WALK_PAGE_SIZE, limit));
    await ctx.out.list(await take(walk, limit), LOG_COLUMNS);
  },
});
