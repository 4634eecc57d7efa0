import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'tokens disable',
  summary: 'Disable one or more API keys',
  args: [{ name: 'ids', description: 'token ids', required: true, variadic: true }],
  examples: ['swb tokens disable 12'],
  async run(opts, ctx) {
    for (const raw of opts.ids) {
      const saved = await ctx.client().tokens.updateStatus(parseId(raw), 2, ctx.req);
      ctx.out.success(`Disabled token ${saved.id} (${saved.name}).`);
    }
  },
});
