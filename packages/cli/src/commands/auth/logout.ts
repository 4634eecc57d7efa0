import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';

export default defineCommand<{ profile?: string; forget?: boolean }>({
  path: 'logout',
  summary: 'Forget the saved access token of a profile',
  description:
    'Removes the token from the profile (the server URL stays). The token itself stays valid on the server: ' +
    'generate a new one in the console to revoke it. --forget removes the whole profile.',
  options: [{ flags: '--forget', description: 'remove the profile entirely' }],
  examples: ['swb logout', 'swb logout --profile staging --forget'],
  async run(opts, ctx) {
    const name = opts.profile ?? ctx.io.env['SWB_PROFILE'] ?? ctx.profiles.active;
    const profile = name ? ctx.profiles.get(name) : undefined;
    if (!name || !profile) throw usageError('No profile to log out of.', 'swb profile list');
    if (opts.forget) ctx.profiles.remove(name);
    else ctx.profiles.set(name, { url: profile.url });
    ctx.out.success(opts.forget ? `Removed profile "${name}".` : `Logged out of profile "${name}".`);
  },
});
