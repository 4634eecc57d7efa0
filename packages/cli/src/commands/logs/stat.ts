import { defineCommand } from '../../core/command.js';
import { LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';

export default defineCommand<LogFilterFlags>({
  path: 'logs stat',
  summary: 'Quota used by the filtered logs, and rpm/tpm of the last minute',
  options: LOG_FILTER_OPTIONS,
  output: true,
  examples: ['swb logs stat --since 24h', 'swb logs stat --model gpt-4o --json'],
  async run(opts, ctx) {
    const params = logParams(opts);
    const stat = opts.self
      ? await ctx.client().logs.statSelf(params, ctx.req)
      : await ctx.client().logs.stat(params, ctx.req);
    await ctx.out.item(stat, [{ key: 'quota', kind: 'quota' }, { key: 'rpm' }, { key: 'tpm' }]);
  },
});
