import { defineCommand } from '../../core/command.js';

export default defineCommand({
  path: 'channels fix',
  summary: 'Rebuild the channel abilities table from the channels',
  examples: ['swb channels fix'],
  async run(_opts, ctx) {
    const count = await ctx.client().channels.fix(ctx.req);
    ctx.out.success(`Fixed ${count} channel(s).`);
  },
});
