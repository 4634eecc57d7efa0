import type { FastifyRequest } from 'fastify';
import { providerUrlsOf } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { callProvider, ProviderUnreachableError, str, type ProviderCall } from './provider-http.js';

/** Who signed in at the provider: the id stored on the user, and what a new account is named after. */
export interface ProviderProfile {
  id: string;
  displayName: string;
  email: string;
}

async function call(provider: string, url: string, init: ProviderCall) {
  try {
    return await callProvider(url, init);
  } catch (err) {
    if (err instanceof ProviderUnreachableError)
      throw new AppError('unavailable', 'oauth.providerUnreachable', { provider });
    throw err;
  }
}

/** The access token from a token answer, or the provider's own reason for refusing the code. */
function accessToken(provider: string, res: { status: number; body: unknown }): string {
  const token = str(res.body, 'access_token');
  if (res.status === 200 && token) return token;
  const reason =
    str(res.body, 'error_description') ||
    str(res.body, 'error') ||
    str(res.body, 'message') ||
    `${res.status}`;
  throw badRequest('oauth.tokenExchangeFailed', { provider, reason });
}

/**
 * GitHub's authorization code flow as new-api runs it: the code and the app's client id and secret are
 * exchanged at `{GITHUB_OAUTH_URL}/login/oauth/access_token` (JSON in, JSON out), then `{GITHUB_API_URL}/user`
 * names the account. new-api binds by `login`, so this does too (imported databases keep working).
 */
export async function githubProfile(ctx: AppContext, code: string): Promise<ProviderProfile> {
  const urls = providerUrlsOf(ctx.config);
  const token = accessToken(
    'GitHub',
    await call('GitHub', `${urls.githubOAuth}/login/oauth/access_token`, {
      method: 'POST',
      json: {
        client_id: ctx.options.get('GitHubClientId'),
        client_secret: ctx.options.get('GitHubClientSecret'),
        code,
      },
    }),
  );
  const user = await call('GitHub', `${urls.githubApi}/user`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  const login = user.status === 200 ? str(user.body, 'login') : '';
  if (!login) throw badRequest('oauth.providerUserInvalid');
  return { id: login, displayName: str(user.body, 'name') || 'GitHub User', email: str(user.body, 'email') };
}

/**
 * Linux DO (Discourse Connect): the code is exchanged at `{LINUXDO_OAUTH_URL}/oauth2/token` with the client
 * id and secret as HTTP Basic credentials and a form body naming the redirect URI new-api registers
 * (`<origin>/api/oauth/linuxdo`), then `{LINUXDO_API_URL}/api/user` answers `{id, username, name, ...}`.
 */
export async function linuxdoProfile(
  ctx: AppContext,
  req: FastifyRequest,
  code: string,
): Promise<ProviderProfile> {
  const urls = providerUrlsOf(ctx.config);
  const basic = Buffer.from(
    `${ctx.options.get('LinuxDOClientId')}:${ctx.options.get('LinuxDOClientSecret')}`,
  ).toString('base64');
  const token = accessToken(
    'Linux DO',
    await call('Linux DO', `${urls.linuxdoOAuth}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${req.protocol}://${req.host}/api/oauth/linuxdo`,
      },
    }),
  );
  const user = await call('Linux DO', `${urls.linuxdoApi}/api/user`, {
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = user.body as { id?: unknown } | null;
  const id = user.status === 200 && typeof body?.id === 'number' && body.id > 0 ? String(body.id) : '';
  if (!id) throw badRequest('oauth.providerUserInvalid');
  return { id, displayName: str(user.body, 'name') || str(user.body, 'username'), email: '' };
}

/**
 * The WeChat id behind a code the official account sent, asked of the operator's WeChat server
 * (`{WeChatServerAddress}/api/wechat/user?code=`, `Authorization: <WeChatServerToken>`): it answers
 * `{success, message, data: "<id>"}`, an empty id when the code is wrong or expired.
 */
export async function wechatId(ctx: AppContext, code: string): Promise<string> {
  const base = ctx.options.get('WeChatServerAddress').trim().replace(/\/+$/, '');
  const res = await call('WeChat', `${base}/api/wechat/user?code=${encodeURIComponent(code)}`, {
    method: 'GET',
    headers: { authorization: ctx.options.get('WeChatServerToken') },
  });
  const body = res.body as { success?: unknown; message?: unknown } | null;
  if (body?.success !== true) {
    const message = str(res.body, 'message');
    throw message ? badRequest('oauth.providerMessage', { message }) : badRequest('common.invalidParams');
  }
  const id = str(res.body, 'data');
  if (!id) throw badRequest('auth.verificationCodeInvalid');
  return id;
}
