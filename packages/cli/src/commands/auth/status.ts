import { defineCommand } from '../../core/command.js';
import { toCliError } from '../../core/errors.js';

export default defineCommand({
  path: 'status',
  summary: 'Show the server, the settings in use and whether they authenticate',
  output: true,
  examples: ['swb status', 'swb status --json'],
  async run(_opts, ctx) {
    const settings = ctx.settings();
    const client = ctx.client({ auth: false });
    const site = await client.status.get(ctx.req);
    let user = '';
    let auth = 'not logged in';
    if (settings.token && settings.userId !== undefined) {
      try {
        const me = await ctx.client().users.self.get(ctx.req);
        user = me.username;
        auth = 'ok';
      } catch (error) {
        auth = toCliError(error).message;
      }
    }
    const row = {
      url: settings.url ?? '',
      url_from: settings.sources.url,
      profile: settings.profileName ?? '',
      system_name: site.system_name,
      version: site.version,
      currency: site.display_in_currency,
      quota_per_unit: site.quota_per_unit,
      user,
      auth,
    };
    await ctx.out.item(
      row,
      Object.keys(row).map((key) => ({ key })),
    );
  },
});
