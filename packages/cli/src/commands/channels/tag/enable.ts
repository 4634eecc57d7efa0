import { defineCommand } from '../../../core/command.js';

export default defineCommand<{ tag: string }>({
  path: 'channels tag enable',
  summary: 'Enable every channel with a tag',
  args: [{ name: 'tag', description: 'tag', required: true }],
  examples: ['swb channels tag enable openai'],
  async run(opts, ctx) {
    await ctx.client().channels.tags.enable(opts.tag, ctx.req);
    ctx.out.success(`Enabled every channel tagged "${opts.tag}".`);
  },
});
