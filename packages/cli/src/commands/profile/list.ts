import { defineCommand } from '../../core/command.js';
import { mask } from '../../core/format.js';

export default defineCommand({
  path: 'profile list',
  summary: 'List saved profiles (the active one is marked)',
  output: true,
  examples: ['swb profile list'],
  async run(_opts, ctx) {
    const active = ctx.profiles.active;
    const rows = ctx.profiles.list().map(([name, p]) => ({
      name,
      active: name === active,
      url: p.url,
      user_id: p.userId ?? null,
      username: p.username ?? '',
      token: p.token ? mask(p.token) : '',
    }));
    await ctx.out.list(rows, [
      { key: 'active', header: ' ', show: (r) => (r.active ? '*' : '') },
      { key: 'name' },
      { key: 'url' },
      { key: 'username' },
      { key: 'user_id', header: 'USER' },
      { key: 'token' },
    ]);
  },
});
