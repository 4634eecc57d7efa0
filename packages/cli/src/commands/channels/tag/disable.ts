import { defineCommand } from '../../../core/command.js';

export default defineCommand<{ tag: string }>({
  path: 'channels tag disable',
  summary: 'Disable every channel with a tag',
  args: [{ name: 'tag', description: 'tag', required: true }],
  examples: ['swb channels tag disable openai'],
  async run(opts, ctx) {
    await ctx.client().channels.tags.disable(opts.tag, ctx.req);
    ctx.out.success(`Disabled every channel tagged "${opts.tag}".`);
  },
});
