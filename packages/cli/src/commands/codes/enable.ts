import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'codes enable',
  summary: 'Enable redemption codes',
  args: [{ name: 'ids', description: 'code ids', required: true, variadic: true }],
  examples: ['swb codes enable 5 6'],
  async run(opts, ctx) {
    for (const raw of opts.ids) {
      const saved = await ctx.client().redemptions.updateStatus(parseId(raw), 1, ctx.req);
      ctx.out.success(`Enabled code ${saved.id} (${saved.name}).`);
    }
  },
});
