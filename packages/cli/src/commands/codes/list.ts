import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { CODE_COLUMNS, maskCode } from './columns.js';

export default defineCommand<{ limit?: string; all?: boolean; reveal?: boolean }>({
  path: 'codes list',
  summary: 'List redemption codes (keys masked)',
  options: [LIMIT_OPTION, ALL_OPTION, { flags: '--reveal', description: 'show the full codes' }],
  output: true,
  examples: ['swb codes list', 'swb codes list --all --json id,name,status'],
  async run(opts, ctx) {
    const codes = await collect(ctx.client().redemptions.list({ pageSize: pageSize(opts) }, ctx.req), opts);
    await ctx.out.list(
      codes.map((c) => maskCode(c, opts.reveal)),
      CODE_COLUMNS,
    );
  },
});
