import { defineCommand } from '../../core/command.js';

export default defineCommand<{ username?: string; displayName?: string }>({
  path: 'users create',
  summary: 'Create a common user (password from SWB_NEW_PASSWORD or a prompt)',
  options: [
    { flags: '--username <name>', description: 'login name' },
    { flags: '--display-name <name>', description: 'shown name' },
  ],
  examples: ['SWB_NEW_PASSWORD=… swb users create --username carol'],
  async run(opts, ctx) {
    const username = opts.username ?? (await ctx.prompts.input('Username', { flag: '--username' }));
    const password =
      ctx.io.env['SWB_NEW_PASSWORD'] ||
      (await ctx.prompts.password('Password', { flag: 'SWB_NEW_PASSWORD' }));
    await ctx
      .client()
      .users.create(
        { username, password, ...(opts.displayName ? { display_name: opts.displayName } : {}) },
        ctx.req,
      );
    ctx.out.success(`Created user "${username}".`);
  },
});
