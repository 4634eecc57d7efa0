import { defineCommand } from '../../core/command.js';

export default defineCommand<{ enabled?: boolean }>({
  path: 'channels models',
  summary: 'List the built-in model catalogue, or the models of enabled channels',
  options: [{ flags: '--enabled', description: 'only models some enabled channel serves' }],
  output: true,
  examples: ['swb channels models --enabled', 'swb channels models --json'],
  async run(opts, ctx) {
    const client = ctx.client();
    const names = opts.enabled
      ? await client.channels.models.enabled(ctx.req)
      : (await client.channels.models.list(ctx.req)).map((m) => m.id);
    await ctx.out.list(
      names.map((model) => ({ model })),
      [{ key: 'model' }],
    );
  },
});
