import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'channels disable',
  summary: 'Disable one or more channels',
  args: [{ name: 'ids', description: 'channel ids', required: true, variadic: true }],
  examples: ['swb channels disable 3', 'swb channels disable 3 4 5'],
  async run(opts, ctx) {
    for (const raw of opts.ids) {
      const saved = await ctx.client().channels.updateStatus(parseId(raw), 2, ctx.req);
      ctx.out.success(`Disabled channel ${saved.id} (${saved.name}).`);
    }
  },
});
