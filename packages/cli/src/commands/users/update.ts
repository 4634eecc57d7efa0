import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { assertChanges, definedFields } from '../../core/fields.js';
import { parseQuota } from '../../core/quota.js';

interface Opts {
  id: string;
  username?: string;
  displayName?: string;
  group?: string;
  quota?: string;
}

export default defineCommand<Opts>({
  path: 'users update',
  summary: 'Change a user’s username, display name, group or quota (absolute)',
  args: [{ name: 'id', description: 'user id', required: true }],
  options: [
    { flags: '--username <name>', description: 'login name' },
    { flags: '--display-name <name>', description: 'shown name' },
    { flags: '--group <group>', description: 'pricing group' },
    { flags: '--quota <q>', description: "new quota: units or currency such as '$5'" },
  ],
  examples: ['swb users update 3 --group vip', "swb users update 3 --quota '$20'"],
  async run(opts, ctx) {
    const client = ctx.client();
    const id = parseId(opts.id);
    assertChanges(
      definedFields(opts, {
        username: 'username',
        displayName: 'display_name',
        group: 'group',
        quota: 'quota',
      }),
    );
    // new-api writes all four fields as sent, so start from the current row.
    const u = await client.users.get(id, ctx.req);
    await client.users.update(
      id,
      {
        username: opts.username ?? u.username,
        display_name: opts.displayName ?? u.display_name,
        group: opts.group ?? u.group,
        quota: opts.quota !== undefined ? await parseQuota(opts.quota, ctx) : u.quota,
      },
      ctx.req,
    );
    ctx.out.success(`Updated user ${id} (${opts.username ?? u.username}).`);
  },
});
