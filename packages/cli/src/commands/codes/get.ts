import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { CODE_COLUMNS, maskCode } from './columns.js';

export default defineCommand<{ id: string; reveal?: boolean }>({
  path: 'codes get',
  summary: 'Show one redemption code',
  args: [{ name: 'id', description: 'code id', required: true }],
  options: [{ flags: '--reveal', description: 'show the full code' }],
  output: true,
  examples: ['swb codes get 5 --reveal'],
  async run(opts, ctx) {
    const code = await ctx.client().redemptions.get(parseId(opts.id), ctx.req);
    await ctx.out.item(maskCode(code, opts.reveal), CODE_COLUMNS);
  },
});
