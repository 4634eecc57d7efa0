import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'tokens enable',
  summary: 'Enable one or more API keys',
  args: [{ name: 'ids', description: 'token ids', required: true, variadic: true }],
  examples: ['swb tokens enable 12'],
  async run(opts, ctx) {
    for (const raw of opts.ids) {
      const saved = await ctx.client().tokens.updateStatus(parseId(raw), 1, ctx.req);
      ctx.out.success(`Enabled token ${saved.id} (${saved.name}).`);
    }
  },
});
