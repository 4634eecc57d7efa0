import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { CHANNEL_COLUMNS } from './columns.js';

export default defineCommand<{ limit?: string; all?: boolean; idSort?: boolean }>({
  path: 'channels list',
  summary: 'List channels by priority',
  output: true,
  options: [LIMIT_OPTION, ALL_OPTION, { flags: '--id-sort', description: 'order by id instead of priority' }],
  examples: [
    'swb channels list',
    'swb channels list --json id,name,status',
    "swb channels list --jq '.[] | select(.status != 1) | .name'",
  ],
  async run(opts, ctx) {
    const list = ctx
      .client()
      .channels.list({ pageSize: pageSize(opts), id_sort: opts.idSort === true }, ctx.req);
    await ctx.out.list(await collect(list, opts), CHANNEL_COLUMNS);
  },
});
