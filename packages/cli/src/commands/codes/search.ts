import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { CODE_COLUMNS, maskCode } from './columns.js';

export default defineCommand<{ keyword: string; limit?: string; all?: boolean; reveal?: boolean }>({
  path: 'codes search',
  summary: 'Search codes by id or name prefix',
  args: [{ name: 'keyword', description: 'id or name prefix', required: true }],
  options: [LIMIT_OPTION, ALL_OPTION, { flags: '--reveal', description: 'show the full codes' }],
  output: true,
  examples: ['swb codes search promo'],
  async run(opts, ctx) {
    const list = ctx
      .client()
      .redemptions.search({ keyword: opts.keyword, pageSize: pageSize(opts) } as never, ctx.req);
    await ctx.out.list(
      (await collect(list, opts)).map((c) => maskCode(c, opts.reveal)),
      CODE_COLUMNS,
    );
  },
});
