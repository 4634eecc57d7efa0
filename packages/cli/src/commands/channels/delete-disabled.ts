import { defineCommand } from '../../core/command.js';

export default defineCommand({
  path: 'channels delete-disabled',
  summary: 'Delete every disabled channel (manually or automatically)',
  examples: ['swb channels delete-disabled --yes'],
  async run(_opts, ctx) {
    await ctx.prompts.confirm('Delete every disabled channel?');
    const count = await ctx.client().channels.deleteDisabled(ctx.req);
    ctx.out.success(`Deleted ${count} disabled channel(s).`);
  },
});
