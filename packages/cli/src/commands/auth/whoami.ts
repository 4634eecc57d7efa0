import { roleName } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { mask } from '../../core/format.js';

export default defineCommand({
  path: 'whoami',
  summary: 'Show the logged-in user',
  output: true,
  examples: ['swb whoami', 'swb whoami --jq .role'],
  async run(_opts, ctx) {
    const me = await ctx.client().users.self.get(ctx.req);
    const user = { ...me, access_token: me.access_token ? mask(me.access_token) : me.access_token };
    await ctx.out.item(user, [
      { key: 'id' },
      { key: 'username' },
      { key: 'display_name' },
      { key: 'role', show: (u) => `${roleName(u.role)} (${u.role})` },
      { key: 'group' },
      { key: 'quota', kind: 'quota' },
      { key: 'used_quota', kind: 'quota' },
      { key: 'request_count' },
    ]);
  },
});
