import { randomBytes } from 'node:crypto';
import { sendJson, startFakeServer, type FakeUpstream } from '../upstreams/fake-server.js';
import { bodyParams } from './form.js';

export interface FakeSiteverify extends FakeUpstream {
  /** `{url}/turnstile/v0/siteverify`, the `TURNSTILE_VERIFY_URL` to configure. */
  verifyUrl: string;
  /** A token as the widget hands one out after a solved challenge: good once, for five minutes. */
  issueToken(): string;
  /** Every `remoteip` sent with a verification, in order. */
  remoteIps: string[];
}

const TOKEN_TTL_MS = 5 * 60 * 1000;

/**
 * A loopback Cloudflare Turnstile siteverify: `POST` (form or JSON) `secret`, `response`, optional `remoteip`,
 * answering `{success, "error-codes", challenge_ts, hostname}` with Cloudflare's error codes
 * (missing/invalid secret or response, `timeout-or-duplicate` for a used or stale token).
 */
export async function startSiteverify(opts: { secret: string; port?: number }): Promise<FakeSiteverify> {
  const tokens = new Map<string, { issuedAt: number; used: boolean }>();
  const remoteIps: string[] = [];
  const fail = (codes: string[]) => ({ success: false, 'error-codes': codes });
  const fake = await startFakeServer({
    port: opts.port,
    modelOf: () => '',
    errorBody: () => fail(['internal-error']),
    handle({ req, res, url, body }) {
      if (url.pathname !== '/turnstile/v0/siteverify')
        return sendJson(res, 404, { success: false, 'error-codes': ['not-found'] });
      if (req.method !== 'POST') return sendJson(res, 405, fail(['bad-request']));
      const params = bodyParams(body);
      if (params['remoteip']) remoteIps.push(params['remoteip']);
      if (!params['secret']) return sendJson(res, 200, fail(['missing-input-secret']));
      if (params['secret'] !== opts.secret) return sendJson(res, 200, fail(['invalid-input-secret']));
      const response = params['response'] ?? '';
      if (!response) return sendJson(res, 200, fail(['missing-input-response']));
      const token = tokens.get(response);
      if (!token) return sendJson(res, 200, fail(['invalid-input-response']));
      if (token.used || Date.now() - token.issuedAt > TOKEN_TTL_MS)
        return sendJson(res, 200, fail(['timeout-or-duplicate']));
      token.used = true;
      return sendJson(res, 200, {
        success: true,
        'error-codes': [],
        challenge_ts: new Date(token.issuedAt).toISOString(),
        hostname: 'localhost',
        action: '',
        cdata: '',
      });
    },
  });
  return Object.assign(fake, {
    verifyUrl: `${fake.url}/turnstile/v0/siteverify`,
    remoteIps,
    issueToken() {
      const token = `0.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, { issuedAt: Date.now(), used: false });
      return token;
    },
  });
}
