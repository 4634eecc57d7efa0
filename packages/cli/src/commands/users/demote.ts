import { defineCommand } from '../../core/command.js';
import { roleName } from '@switchboard/sdk';
import { parseId } from '../../core/args.js';
import { userStatusName } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'users demote',
  summary: 'Make an admin a common user',
  args: [{ name: 'id', description: 'user id', required: true }],
  examples: ['swb users demote 3'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    await ctx.prompts.confirm('Demote user ' + id + '?');
    const result = await ctx.client().users.demote(id, ctx.req);
    ctx.out.success(`User ${id}: now ${roleName(result.role)}, ${userStatusName(result.status)}.`);
  },
});
