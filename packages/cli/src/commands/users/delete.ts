import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ id: string; hard?: boolean }>({
  path: 'users delete',
  summary: 'Delete a user (soft, as the console does; --hard removes the row)',
  args: [{ name: 'id', description: 'user id', required: true }],
  options: [{ flags: '--hard', description: 'delete for good' }],
  examples: ['swb users delete 3 --yes'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    const client = ctx.client();
    const u = await client.users.get(id, ctx.req);
    await ctx.prompts.confirm(`Delete user ${id} (${u.username})${opts.hard ? ' for good' : ''}?`);
    if (opts.hard) await client.users.delete(id, ctx.req);
    else await client.users.softDelete(id, ctx.req);
    ctx.out.success(`Deleted user ${id} (${u.username}).`);
  },
});
