/**
 * Vertex AI's OAuth: a service-account JWT (RS256) exchanged for an access token. This is the one piece of I/O an
 * adapter does, because every request needs a token and only the adapter knows the channel's key format. Tokens
 * are cached per service account until 5 minutes before they expire.
 */
import { createSign } from 'node:crypto';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
  project_id: string;
  token_uri?: string;
  private_key_id?: string;
}

export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const JWT_LIFETIME_S = 3600;
/** A token is renewed this long before it expires, so one never lapses mid-request. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const EXCHANGE_TIMEOUT_MS = 15_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The channel key: the service-account JSON file Google Cloud hands out. */
export function parseServiceAccount(key: string): ServiceAccount {
  let parsed: Partial<ServiceAccount>;
  try {
    parsed = JSON.parse(key) as Partial<ServiceAccount>;
  } catch {
    throw new Error('Vertex AI channel key must be a service-account JSON');
  }
  const { client_email, private_key, project_id } = parsed;
  if (typeof client_email !== 'string' || typeof private_key !== 'string' || typeof project_id !== 'string')
    throw new Error('Vertex AI service account needs client_email, private_key and project_id');
  // A key pasted through a form sometimes keeps its newlines escaped; PEM parsing needs real ones.
  return { ...(parsed as ServiceAccount), private_key: private_key.replace(/\\n/g, '\n') };
}

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** The signed assertion for Google's token endpoint (RFC 7523), valid for an hour from `nowSeconds`. */
export function serviceAccountJwt(account: ServiceAccount, nowSeconds: number): string {
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id ? { kid: account.private_key_id } : {}),
  };
  const claims = {
    iss: account.client_email,
    scope: VERTEX_SCOPE,
    aud: account.token_uri || GOOGLE_TOKEN_URI,
    iat: nowSeconds,
    exp: nowSeconds + JWT_LIFETIME_S,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

interface CachedToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** client_email → the token, or the exchange in flight, so concurrent requests share one exchange. */
const tokens = new Map<string, Promise<CachedToken>>();

/** For tests: forget every cached token. */
export const clearVertexTokenCache = (): void => tokens.clear();

async function exchange(account: ServiceAccount, fetchImpl: FetchLike, now: number): Promise<CachedToken> {
  const res = await fetchImpl(account.token_uri || GOOGLE_TOKEN_URI, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: serviceAccountJwt(account, Math.floor(now / 1000)),
    }).toString(),
    signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') {
    const reason = body.error_description ?? body.error ?? 'no access_token';
    throw new Error(`Vertex AI token exchange failed (${res.status}): ${String(reason)}`);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : JWT_LIFETIME_S;
  return { token: body.access_token, expiresAt: now + lifetime * 1000 };
}

/** A valid access token for the account: the cached one, or a fresh exchange. A failed exchange is not cached. */
export async function vertexAccessToken(
  account: ServiceAccount,
  fetchImpl: FetchLike = fetch,
  now: () => number = Date.now,
): Promise<string> {
  const email = account.client_email;
  const cached = tokens.get(email);
  if (cached) {
    try {
      const token = await cached;
      if (token.expiresAt - REFRESH_MARGIN_MS > now()) return token.token;
    } catch {
      // The shared exchange failed; try again below.
    }
  }
  // Another request may have started a fresh exchange while this one waited.
  const current = tokens.get(email);
  const pending = current && current !== cached ? current : exchange(account, fetchImpl, now());
  if (pending !== current) {
    tokens.set(email, pending);
    pending.catch(() => {
      if (tokens.get(email) === pending) tokens.delete(email);
    });
  }
  return (await pending).token;
}
