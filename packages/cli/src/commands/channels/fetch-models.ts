import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ id: string }>({
  path: 'channels fetch-models',
  summary: 'List the models a channel’s upstream offers',
  args: [{ name: 'id', description: 'channel id', required: true }],
  output: true,
  examples: ['swb channels fetch-models 3', 'swb channels fetch-models 3 --jq \'join(",")\''],
  async run(opts, ctx) {
    const names = await ctx.client().channels.fetchModels(parseId(opts.id), ctx.req);
    if (ctx.out.format === 'json') return ctx.out.value(names);
    await ctx.out.list(
      names.map((model) => ({ model })),
      [{ key: 'model' }],
    );
  },
});
