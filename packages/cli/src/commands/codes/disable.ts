import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'codes disable',
  summary: 'Disable redemption codes',
  args: [{ name: 'ids', description: 'code ids', required: true, variadic: true }],
  examples: ['swb codes disable 5 6'],
  async run(opts, ctx) {
    for (const raw of opts.ids) {
      const saved = await ctx.client().redemptions.updateStatus(parseId(raw), 2, ctx.req);
      ctx.out.success(`Disabled code ${saved.id} (${saved.name}).`);
    }
  },
});
