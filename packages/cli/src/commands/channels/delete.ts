import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ id: string }>({
  path: 'channels delete',
  summary: 'Delete a channel',
  args: [{ name: 'id', description: 'channel id', required: true }],
  examples: ['swb channels delete 7 --yes'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    const channel = await ctx.client().channels.get(id, ctx.req);
    await ctx.prompts.confirm(`Delete channel ${id} (${channel.name})?`);
    await ctx.client().channels.delete(id, ctx.req);
    ctx.out.success(`Deleted channel ${id} (${channel.name}).`);
  },
});
