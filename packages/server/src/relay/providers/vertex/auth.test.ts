import { createVerify } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearVertexTokenCache,
  parseServiceAccount,
  serviceAccountJwt,
  vertexAccessToken,
  VERTEX_SCOPE,
} from './auth.js';
import { fakeTokenEndpoint, testAccount } from './test-helpers.js';

const NOW_S = 1_748_736_000; // 2025-06-01T00:00:00Z
const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const { account, publicKey } = testAccount();

beforeEach(() => clearVertexTokenCache());

describe('vertex service-account JWT', () => {
  it('signs RS256 claims for the cloud-platform scope, verifiable with the public key', () => {
    const jwt = serviceAccountJwt(account, NOW_S);
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'key-1' });
    expect(decode(claims)).toEqual({
      iss: 'relay@demo-project.iam.gserviceaccount.com',
      scope: VERTEX_SCOPE,
      aud: 'https://oauth2.googleapis.com/token',
      iat: NOW_S,
      exp: NOW_S + 3600,
    });
    const verifier = createVerify('RSA-SHA256').update(`${header}.${claims}`);
    expect(verifier.verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(createVerify('RSA-SHA256').update(`${header}.x`).verify(publicKey, signature, 'base64url')).toBe(
      false,
    );
  });

  it('uses the account token_uri as audience', () => {
    const jwt = serviceAccountJwt({ ...account, token_uri: 'http://127.0.0.1:8/token' }, NOW_S);
    expect(decode(jwt.split('.')[1]!)).toMatchObject({ aud: 'http://127.0.0.1:8/token' });
  });

  it('parses the key JSON, unescaping pasted newlines, and rejects incomplete keys', () => {
    const pasted = JSON.stringify({ ...account, private_key: account.private_key.replace(/\n/g, '\\n') });
    expect(parseServiceAccount(pasted).private_key).toBe(account.private_key);
    expect(() => parseServiceAccount('not json')).toThrow(/service-account JSON/);
    expect(() => parseServiceAccount('{"client_email":"a"}')).toThrow(/private_key/);
  });
});

describe('vertex access tokens', () => {
  it('exchanges the JWT with a jwt-bearer form POST', async () => {
    const endpoint = fakeTokenEndpoint();
    const token = await vertexAccessToken(account, endpoint.fetch, () => NOW_S * 1000);
    expect(token).toBe('ya29.c.b0AXv0zTOKEN');
    expect(endpoint.calls).toHaveLength(1);
    const [call] = endpoint.calls;
    expect(call!.url).toBe('https://oauth2.googleapis.com/token');
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(call!.form.get('assertion')).toBe(serviceAccountJwt(account, NOW_S));
  });

  it('caches per client_email until 5 minutes before expiry', async () => {
    const endpoint = fakeTokenEndpoint();
    let now = NOW_S * 1000;
    const clock = () => now;
    await vertexAccessToken(account, endpoint.fetch, clock);
    now += (3599 - 301) * 1000; // 5 min 1 s before expiry: still cached
    await vertexAccessToken(account, endpoint.fetch, clock);
    expect(endpoint.calls).toHaveLength(1);
    await vertexAccessToken(
      { ...account, client_email: 'other@demo-project.iam.gserviceaccount.com' },
      endpoint.fetch,
      clock,
    );
    expect(endpoint.calls).toHaveLength(2);
    now += 2000; // inside the 5-minute margin: renewed
    await vertexAccessToken(account, endpoint.fetch, clock);
    expect(endpoint.calls).toHaveLength(3);
  });

  it('shares one exchange between concurrent requests', async () => {
    const endpoint = fakeTokenEndpoint();
    const tokens = await Promise.all([1, 2, 3].map(() => vertexAccessToken(account, endpoint.fetch)));
    expect(tokens).toEqual(['ya29.c.b0AXv0zTOKEN', 'ya29.c.b0AXv0zTOKEN', 'ya29.c.b0AXv0zTOKEN']);
    expect(endpoint.calls).toHaveLength(1);
  });

  it('reports a failed exchange and does not cache it', async () => {
    const denied = fakeTokenEndpoint(() =>
      Response.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 }),
    );
    await expect(vertexAccessToken(account, denied.fetch)).rejects.toThrow(
      'Vertex AI token exchange failed (400): Invalid JWT Signature.',
    );
    const ok = fakeTokenEndpoint();
    await expect(vertexAccessToken(account, ok.fetch)).resolves.toBe('ya29.c.b0AXv0zTOKEN');
    expect(ok.calls).toHaveLength(1);
  });
});
