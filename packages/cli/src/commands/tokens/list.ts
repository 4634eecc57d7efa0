import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { maskToken, TOKEN_COLUMNS } from './columns.js';

export default defineCommand<{ limit?: string; all?: boolean }>({
  path: 'tokens list',
  summary: 'List your API keys (keys masked)',
  options: [LIMIT_OPTION, ALL_OPTION],
  output: true,
  examples: ['swb tokens list', 'swb tokens list --json id,name,status'],
  async run(opts, ctx) {
    const tokens = await collect(ctx.client().tokens.list({ pageSize: pageSize(opts) }, ctx.req), opts);
    await ctx.out.list(tokens.map(maskToken), TOKEN_COLUMNS);
  },
});
