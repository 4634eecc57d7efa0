import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { publicUser, USER_COLUMNS } from './columns.js';

export default defineCommand<{ keyword?: string; group?: string; limit?: string; all?: boolean }>({
  path: 'users search',
  summary: 'Search users by id, username, name or email, and group',
  args: [{ name: 'keyword', description: 'text to match' }],
  options: [{ flags: '--group <group>', description: 'only this group' }, LIMIT_OPTION, ALL_OPTION],
  output: true,
  examples: ['swb users search alice', 'swb users search --group vip'],
  async run(opts, ctx) {
    const list = ctx
      .client()
      .users.search(
        { keyword: opts.keyword ?? '', group: opts.group ?? '', pageSize: pageSize(opts) },
        ctx.req,
      );
    await ctx.out.list((await collect(list, opts)).map(publicUser), USER_COLUMNS);
  },
});
