import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { CHANNEL_COLUMNS } from './columns.js';

export default defineCommand<{
  keyword?: string;
  group?: string;
  model?: string;
  limit?: string;
  all?: boolean;
}>({
  path: 'channels search',
  summary: 'Search channels by id, name or exact key, group and model',
  args: [{ name: 'keyword', description: 'id, name or exact key' }],
  options: [
    { flags: '--group <group>', description: 'only channels serving this group' },
    { flags: '--model <model>', description: 'only channels serving this model' },
    LIMIT_OPTION,
    ALL_OPTION,
  ],
  output: true,
  examples: ['swb channels search openai', 'swb channels search --model gpt-4o --json id,name'],
  async run(opts, ctx) {
    const list = ctx.client().channels.search(
      {
        keyword: opts.keyword ?? '',
        group: opts.group ?? '',
        model: opts.model ?? '',
        pageSize: pageSize(opts),
      },
      ctx.req,
    );
    await ctx.out.list(await collect(list, opts), CHANNEL_COLUMNS);
  },
});
