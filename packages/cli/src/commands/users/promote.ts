import { defineCommand } from '../../core/command.js';
import { roleName } from '@switchboard/sdk';
import { parseId } from '../../core/args.js';
import { userStatusName } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'users promote',
  summary: 'Make a user an admin (root only)',
  args: [{ name: 'id', description: 'user id', required: true }],
  examples: ['swb users promote 3'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    const result = await ctx.client().users.promote(id, ctx.req);
    ctx.out.success(`User ${id}: now ${roleName(result.role)}, ${userStatusName(result.status)}.`);
  },
});
