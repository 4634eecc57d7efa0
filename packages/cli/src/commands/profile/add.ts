import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';

export default defineCommand<{ name: string; url?: string; token?: string; user?: string; use?: boolean }>({
  path: 'profile add',
  summary: 'Save a profile from --url, --token and --user without logging in',
  args: [{ name: 'name', description: 'profile name', required: true }],
  options: [{ flags: '--use', description: 'make it the active profile' }],
  examples: ['swb profile add staging --url https://staging.example.com --user 1 --token "$TOKEN" --use'],
  async run(opts, ctx) {
    const url = opts.url ?? (await ctx.prompts.input('Server URL', { flag: '--url' }));
    if (!/^https?:\/\//.test(url)) throw usageError(`--url must be an http(s) URL, got "${url}"`);
    const userId = opts.user === undefined ? undefined : Number(opts.user);
    if (userId !== undefined && (!Number.isInteger(userId) || userId < 1))
      throw usageError('--user must be the numeric user id');
    ctx.profiles.set(
      opts.name,
      {
        url: url.replace(/\/+$/, ''),
        ...(opts.token ? { token: opts.token } : {}),
        ...(userId ? { userId } : {}),
      },
      opts.use === true,
    );
    ctx.out.success(`Saved profile "${opts.name}".`);
  },
});
