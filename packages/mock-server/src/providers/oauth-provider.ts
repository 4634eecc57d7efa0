import { randomBytes } from 'node:crypto';
import { sendJson, startFakeServer, type FakeUpstream } from '../upstreams/fake-server.js';
import { basicOf, bearerOf, bodyParams } from './form.js';

/** A person signed in at the provider. */
export interface OAuthAccount {
  /** GitHub's and Linux DO's numeric account id. */
  id: number;
  /** GitHub `login` / Linux DO `username`. */
  login: string;
  name?: string;
  email?: string;
}

export interface OAuthProviderOptions {
  /** `github`: github.com + api.github.com paths, JSON or form token requests with the secret in the body.
   * `linuxdo`: connect.linux.do paths, form token requests with HTTP Basic client credentials. */
  flavour: 'github' | 'linuxdo';
  clientId: string;
  clientSecret: string;
  /** The app's registered callback, used when an authorize request names no `redirect_uri`. */
  callbackUrl?: string;
  port?: number;
}

export interface FakeOAuthProvider extends FakeUpstream {
  /** The browser's session at the provider: who authorize signs in (undefined: nobody, access is denied). */
  signIn(account: OAuthAccount | undefined): void;
  /** `{url}/login/oauth/authorize` or `{url}/oauth2/authorize`. */
  authorizeUrl: string;
  /**
   * Plays the browser at the provider: opens the authorize URL with this client id and state (and a
   * redirect URI), and answers the `code` and `state` of the redirect back to the app.
   */
  approve(
    state: string,
    opts?: { redirectUri?: string; clientId?: string },
  ): Promise<{ code: string; state: string }>;
  /** Access tokens issued so far, for tests that present a stale one. */
  issuedTokens(): string[];
}

const CODE_TTL_MS = 10 * 60 * 1000;

interface PendingCode {
  account: OAuthAccount;
  clientId: string;
  redirectUri: string | undefined;
  expiresAt: number;
}

/**
 * A loopback OAuth 2 authorization server in GitHub's or Linux DO's dialect: authorize redirects with a
 * one-time code, the token endpoint checks the client credentials, the code and the redirect URI (RFC 6749
 * §4.1.3) and answers errors as the real service does, and the user endpoint wants the bearer token.
 */
export async function startOAuthProvider(opts: OAuthProviderOptions): Promise<FakeOAuthProvider> {
  const github = opts.flavour === 'github';
  const paths = github
    ? { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' }
    : { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' };
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, OAuthAccount>();
  let current: OAuthAccount | undefined;

  const tokenError = (status: number, error: string, description: string) => ({
    status: github ? 200 : status,
    body: { error, error_description: description },
  });

  const exchange = (
    params: Record<string, string>,
    basic: { user: string; password: string } | undefined,
  ) => {
    const clientId = github ? params['client_id'] : basic?.user;
    const clientSecret = github ? params['client_secret'] : basic?.password;
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret)
      return tokenError(
        401,
        github ? 'incorrect_client_credentials' : 'invalid_client',
        'The client_id and/or client_secret passed are incorrect.',
      );
    if (!github && params['grant_type'] !== 'authorization_code')
      return tokenError(400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    const code = params['code'] ?? '';
    const pending = codes.get(code);
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.clientId !== clientId)
      return tokenError(
        400,
        github ? 'bad_verification_code' : 'invalid_grant',
        'The code passed is incorrect or expired.',
      );
    if (pending.redirectUri !== undefined && params['redirect_uri'] !== pending.redirectUri)
      return tokenError(
        400,
        github ? 'redirect_uri_mismatch' : 'invalid_grant',
        'The redirect_uri does not match the authorization request.',
      );
    const token = `${github ? 'gho_' : ''}${randomBytes(18).toString('base64url')}`;
    tokens.set(token, pending.account);
    return {
      status: 200,
      body: github
        ? { access_token: token, token_type: 'bearer', scope: 'user:email' }
        : { access_token: token, token_type: 'bearer', expires_in: 3600, scope: 'user' },
    };
  };

  const fake = await startFakeServer({
    port: opts.port,
    modelOf: () => '',
    errorBody: (status, message) => ({
      error: 'server_error',
      error_description: message ?? `status ${status}`,
    }),
    handle({ req, res, url, body }) {
      if (req.method === 'GET' && url.pathname === paths.authorize) {
        const clientId = url.searchParams.get('client_id') ?? '';
        const state = url.searchParams.get('state') ?? '';
        const redirectUri = url.searchParams.get('redirect_uri') ?? undefined;
        if (clientId !== opts.clientId) return sendJson(res, 404, { error: 'unknown client_id' });
        const target = new URL(redirectUri ?? opts.callbackUrl ?? 'http://127.0.0.1/callback');
        if (!current) {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_description', 'The user has denied your application access.');
        } else {
          const code = randomBytes(10).toString('hex');
          codes.set(code, { account: current, clientId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
          target.searchParams.set('code', code);
        }
        if (state) target.searchParams.set('state', state);
        res.writeHead(302, { location: target.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === paths.token) {
        const answer = exchange(bodyParams(body), basicOf(req));
        // GitHub answers form-encoded unless asked for JSON.
        if (github && !/json/.test(req.headers.accept ?? '')) {
          res.writeHead(answer.status, { 'content-type': 'application/x-www-form-urlencoded' });
          res.end(new URLSearchParams(answer.body as Record<string, string>).toString());
          return;
        }
        return sendJson(res, answer.status, answer.body);
      }
      if (req.method === 'GET' && url.pathname === paths.user) {
        const account = tokens.get(bearerOf(req));
        if (!account)
          return sendJson(
            res,
            401,
            github
              ? { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }
              : { error: 'invalid_token' },
          );
        return sendJson(
          res,
          200,
          github
            ? {
                login: account.login,
                id: account.id,
                name: account.name ?? null,
                email: account.email ?? null,
                type: 'User',
              }
            : {
                id: account.id,
                username: account.login,
                name: account.name ?? '',
                active: true,
                trust_level: 1,
                silenced: false,
              },
        );
      }
      return sendJson(res, 404, { message: 'Not Found' });
    },
  });

  const authorizeUrl = `${fake.url}${paths.authorize}`;
  return Object.assign(fake, {
    authorizeUrl,
    signIn(account: OAuthAccount | undefined) {
      current = account;
    },
    async approve(state: string, o: { redirectUri?: string; clientId?: string } = {}) {
      const url = new URL(authorizeUrl);
      url.searchParams.set('client_id', o.clientId ?? opts.clientId);
      url.searchParams.set('state', state);
      if (!github) url.searchParams.set('response_type', 'code');
      if (o.redirectUri) url.searchParams.set('redirect_uri', o.redirectUri);
      const res = await fetch(url, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
      const back = new URL(location);
      const code = back.searchParams.get('code');
      if (!code) throw new Error(`authorize denied: ${back.searchParams.get('error')}`);
      return { code, state: back.searchParams.get('state') ?? '' };
    },
    issuedTokens: () => [...tokens.keys()],
  });
}
