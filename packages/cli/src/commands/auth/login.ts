import { Client } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode, usageError } from '../../core/errors.js';
import { httpFetch } from '../../core/http-fetch.js';

export default defineCommand<{ url?: string; token?: string; user?: string; name?: string }>({
  path: 'login',
  summary: 'Log in to a server and save the settings as a profile',
  description:
    'Log in with an access token (--token with --user ID) or with a username and password (prompted on a terminal, ' +
    'SWB_PASSWORD otherwise). A password login reuses the account’s access token when the server shows it; ' +
    'when it would have to generate one (which stops the old one working), it asks first or needs --yes.',
  options: [{ flags: '--name <profile>', description: 'profile to save into', default: 'default' }],
  examples: [
    'swb login                                   # prompts for URL, username and password',
    'swb login --url https://gw.example.com --user 1 --token "$TOKEN"',
    'SWB_PASSWORD=… swb login --url http://localhost:3000 --user root --yes',
  ],
  async run(opts, ctx) {
    const env = ctx.io.env;
    const url =
      (opts.url ?? env['SWB_URL']) ||
      (await ctx.prompts.input('Server URL', {
        flag: '--url',
        validate: (v) => /^https?:\/\//.test(v) || 'an http(s) URL',
      }));
    const baseUrl = url.replace(/\/+$/, '');
    const token = opts.token ?? env['SWB_TOKEN'];
    const user = opts.user ?? env['SWB_USER'];
    let saved: { token: string; userId: number; username: string };
    if (token) {
      const id = Number(user ?? (await ctx.prompts.input('User id', { flag: '--user' })));
      if (!Number.isInteger(id) || id < 1)
        throw usageError('--user must be the numeric user id with --token');
      const me = await new Client({
        baseUrl,
        accessToken: token,
        userId: id,
        lang: ctx.lang,
        fetch: httpFetch,
      }).users.self.get(ctx.req);
      saved = { token, userId: me.id, username: me.username };
    } else {
      const username = user || (await ctx.prompts.input('Username', { flag: '--user' }));
      const password =
        env['SWB_PASSWORD'] || (await ctx.prompts.password('Password', { flag: 'SWB_PASSWORD' }));
      const client = new Client({ baseUrl, lang: ctx.lang, fetch: httpFetch });
      await client.users.login({ username, password }, ctx.req);
      const me = await client.users.self.get(ctx.req);
      let accessToken = me.access_token ?? '';
      if (accessToken) ctx.out.note('Using the access token already on the account.');
      else {
        await ctx.prompts.confirm(
          `Generate a new access token for ${me.username}? Any token scripts already use for this account stops working.`,
        );
        accessToken = await client.users.self.generateAccessToken(ctx.req);
      }
      if (!accessToken) throw new CliError('The server returned no access token.', ExitCode.Failure);
      saved = { token: accessToken, userId: me.id, username: me.username };
    }
    const name = opts.name ?? 'default';
    ctx.profiles.set(name, { url: baseUrl, ...saved }, true);
    ctx.out.success(
      `Logged in to ${baseUrl} as ${saved.username} (id ${saved.userId}); profile "${name}" is active.`,
    );
  },
});
