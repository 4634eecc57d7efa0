import { defineCommand } from '../../core/command.js';
import { roleName } from '@switchboard/sdk';
import { parseId } from '../../core/args.js';
import { userStatusName } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'users disable',
  summary: 'Ban a user',
  args: [{ name: 'id', description: 'user id', required: true }],
  examples: ['swb users disable 3'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    await ctx.prompts.confirm('Disable user ' + id + '?');
    const result = await ctx.client().users.disable(id, ctx.req);
    ctx.out.success(`User ${id}: now ${roleName(result.role)}, ${userStatusName(result.status)}.`);
  },
});
