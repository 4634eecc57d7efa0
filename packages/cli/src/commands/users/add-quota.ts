import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { parseQuota } from '../../core/quota.js';
import { quotaText } from '../../core/format.js';

export default defineCommand<{ id: string; amount: string }>({
  path: 'users add-quota',
  summary: 'Add quota to a user’s balance (negative to take it away)',
  args: [
    { name: 'id', description: 'user id', required: true },
    { name: 'amount', description: "units or currency such as '$5' (prefix - to subtract)", required: true },
  ],
  examples: ["swb users add-quota 3 '$10'", 'swb users add-quota 3 -- -500000'],
  async run(opts, ctx) {
    const client = ctx.client();
    const id = parseId(opts.id);
    const negative = opts.amount.trim().startsWith('-');
    const delta = (negative ? -1 : 1) * (await parseQuota(opts.amount.trim().replace(/^-/, ''), ctx));
    const u = await client.users.get(id, ctx.req);
    const quota = u.quota + delta;
    await client.users.update(
      id,
      { username: u.username, display_name: u.display_name, group: u.group, quota },
      ctx.req,
    );
    const display = await ctx.quotaDisplay();
    ctx.out.success(`User ${id} (${u.username}) now has ${quotaText(quota, display)}.`);
  },
});
