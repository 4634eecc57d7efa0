import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { publicUser, USER_COLUMNS } from './columns.js';

export default defineCommand<{ limit?: string; all?: boolean }>({
  path: 'users list',
  summary: 'List users',
  options: [LIMIT_OPTION, ALL_OPTION],
  output: true,
  examples: ['swb users list', 'swb users list --all --json id,username,quota'],
  async run(opts, ctx) {
    const users = await collect(ctx.client().users.list({ pageSize: pageSize(opts) }, ctx.req), opts);
    await ctx.out.list(users.map(publicUser), USER_COLUMNS);
  },
});
