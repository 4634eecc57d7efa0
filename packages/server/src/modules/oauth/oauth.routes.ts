import { OAUTH_ROUTES as R, translate, type RouteDescriptor } from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { requestLang } from '../../http/language.js';
import { consumeOAuthState, issueOAuthState } from '../auth/visitor-sessions.js';
import { bindProviderId, findByProviderId, registerProviderUser } from './accounts.js';
import { githubProfile, linuxdoProfile, wechatId, type ProviderProfile } from './providers.js';
import { finishLogin, queryParam, sessionUserId } from './sign-in.js';
import { telegramRoutes } from './telegram.routes.js';

interface OAuthProvider {
  route: RouteDescriptor;
  column: 'github_id' | 'linux_do_id';
  prefix: string;
  enabled(ctx: AppContext): boolean;
  disabledKey: 'oauth.githubDisabled' | 'oauth.linuxdoDisabled';
  takenKey: 'oauth.githubTaken' | 'oauth.linuxdoTaken';
  profile(ctx: AppContext, req: FastifyRequest, code: string): Promise<ProviderProfile>;
}

const PROVIDERS: OAuthProvider[] = [
  {
    route: R.github,
    column: 'github_id',
    prefix: 'github',
    enabled: (ctx) =>
      ctx.options.bool('GitHubOAuthEnabled') &&
      ctx.options.get('GitHubClientId') !== '' &&
      ctx.options.get('GitHubClientSecret') !== '',
    disabledKey: 'oauth.githubDisabled',
    takenKey: 'oauth.githubTaken',
    profile: (ctx, _req, code) => githubProfile(ctx, code),
  },
  {
    route: R.linuxdo,
    column: 'linux_do_id',
    prefix: 'linuxdo',
    enabled: (ctx) =>
      ctx.options.bool('LinuxDOOAuthEnabled') &&
      ctx.options.get('LinuxDOClientId') !== '' &&
      ctx.options.get('LinuxDOClientSecret') !== '',
    disabledKey: 'oauth.linuxdoDisabled',
    takenKey: 'oauth.linuxdoTaken',
    profile: linuxdoProfile,
  },
];

const wechatEnabled = (ctx: AppContext) =>
  ctx.options.bool('WeChatAuthEnabled') &&
  ctx.options.get('WeChatServerAddress').trim() !== '' &&
  ctx.options.get('WeChatServerToken') !== '';

/** Third-party sign-in and binding (reference §3.2, spec §2): GitHub, Linux DO, WeChat and Telegram. */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The callbacks read their query by hand (queryParam): new-api takes the first value of each name.
  apiRoute(app, R.state, async ({ req, reply }) => {
    const aff = queryParam(req, 'aff').trim();
    return ok(await issueOAuthState(ctx, req, reply, aff || undefined));
  });

  for (const provider of PROVIDERS) {
    apiRoute(app, provider.route, async ({ req, reply }) => {
      // Linux DO sends the user back with `error` when they decline; new-api shows its description.
      const declined = queryParam(req, 'error');
      if (provider.column === 'linux_do_id' && declined)
        throw badRequest('oauth.providerMessage', {
          message: queryParam(req, 'error_description') || declined,
        });
      const pending = await consumeOAuthState(ctx, req, queryParam(req, 'state'));
      // new-api's one non-200 refusal here: a missing, foreign, used or expired state is HTTP 403.
      if (!pending)
        return reply
          .status(403)
          .send({ success: false, message: translate('auth.oauthStateInvalid', requestLang(req)) });
      if (!provider.enabled(ctx)) throw badRequest(provider.disabledKey);
      const code = queryParam(req, 'code');
      if (!code) throw badRequest('common.invalidParams');
      const signedIn = await sessionUserId(ctx, req);
      const profile = await provider.profile(ctx, req, code);
      if (signedIn !== undefined) {
        await bindProviderId(ctx, signedIn, provider.column, profile.id, provider.takenKey);
        return ok(undefined, 'bind');
      }
      const user =
        (await findByProviderId(ctx.db, provider.column, profile.id)) ??
        (await registerProviderUser(ctx, {
          column: provider.column,
          providerId: profile.id,
          prefix: provider.prefix,
          displayName: profile.displayName,
          email: profile.email,
          aff: pending.aff,
        }));
      return finishLogin(ctx, req, reply, user);
    });
  }

  apiRoute(app, R.wechat, async ({ req, reply }) => {
    if (!wechatEnabled(ctx)) throw badRequest('oauth.wechatDisabled');
    const code = queryParam(req, 'code').trim();
    if (!code) throw badRequest('common.invalidParams');
    const id = await wechatId(ctx, code);
    const user =
      (await findByProviderId(ctx.db, 'wechat_id', id)) ??
      // new-api registers WeChat users without an inviter.
      (await registerProviderUser(ctx, {
        column: 'wechat_id',
        providerId: id,
        prefix: 'wechat',
        displayName: 'WeChat User',
        email: '',
        aff: '',
      }));
    return finishLogin(ctx, req, reply, user);
  });

  apiRoute(app, R.wechatBind, async ({ req }) => {
    if (!wechatEnabled(ctx)) throw badRequest('oauth.wechatDisabled');
    const code = queryParam(req, 'code').trim();
    if (!code) throw badRequest('common.invalidParams');
    const id = await wechatId(ctx, code);
    await bindProviderId(ctx, caller(req).id, 'wechat_id', id, 'oauth.wechatTaken');
    return ok();
  });

  await telegramRoutes(app, ctx);
}
