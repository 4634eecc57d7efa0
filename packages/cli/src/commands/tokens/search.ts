import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION } from '../../core/args.js';
import { maskToken, TOKEN_COLUMNS } from './columns.js';

export default defineCommand<{ keyword?: string; key?: string; limit?: string; all?: boolean }>({
  path: 'tokens search',
  summary: 'Search your API keys by name or key fragment',
  args: [{ name: 'keyword', description: 'name to match' }],
  options: [
    { flags: '--key <fragment>', description: 'key fragment (sk- optional)' },
    LIMIT_OPTION,
    ALL_OPTION,
  ],
  output: true,
  examples: ['swb tokens search ci', 'swb tokens search --key abcd'],
  async run(opts, ctx) {
    const list = ctx
      .client()
      .tokens.search({ keyword: opts.keyword ?? '', token: opts.key ?? '' } as never, ctx.req);
    await ctx.out.list((await collect(list, opts)).map(maskToken), TOKEN_COLUMNS);
  },
});
