import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { publicUser, USER_COLUMNS } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'users get',
  summary: 'Show one user',
  args: [{ name: 'id', description: 'user id', required: true }],
  output: true,
  examples: ['swb users get 3'],
  async run(opts, ctx) {
    const user = await ctx.client().users.get(parseId(opts.id), ctx.req);
    await ctx.out.item(publicUser(user), [...USER_COLUMNS, { key: 'email' }]);
  },
});
