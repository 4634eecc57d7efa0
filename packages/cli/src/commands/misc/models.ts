import { defineCommand } from '../../core/command.js';

export default defineCommand({
  path: 'models',
  summary: 'List the models you can use (in your groups)',
  output: true,
  examples: ['swb models', 'swb models --json'],
  async run(_opts, ctx) {
    const names = await ctx.client().users.self.models(ctx.req);
    if (ctx.out.format === 'json') return ctx.out.value(names);
    await ctx.out.list(
      names.sort().map((model) => ({ model })),
      [{ key: 'model' }],
    );
  },
});
