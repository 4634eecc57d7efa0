import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/client.js';
import { ConnectionError } from '../../src/core/errors.js';
import {
  listen,
  ok,
  redirect,
  selfSignedCert,
  trustingTls,
  type LocalServer,
} from '../helpers/local-servers.js';

// Real sockets and the SDK's default transport (the global fetch): a redirect must not carry the access
// token, the session cookie or a login's password to another origin, nor anything over plain http.
let other: LocalServer;
let api: LocalServer;
let secure: LocalServer;
const user = { id: 1, username: 'root', display_name: 'Root', role: 100, status: 1 };

beforeAll(async () => {
  other = await listen((_req, res) => ok(res, user));
  secure = await listen((req, res) => {
    if (req.url === '/downgrade/api/user/self') return redirect(res, 302, `${api.url}/api/user/self`);
    ok(res, user);
  }, selfSignedCert());
  api = await listen((req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/away/')) return redirect(res, 307, `${other.url}${url.slice(5)}`);
    if (url.startsWith('/moved/')) return redirect(res, 301, url.slice(6));
    if (url.startsWith('/upgrade/')) return redirect(res, 308, `${secure.url}${url.slice(8)}`);
    ok(res, user);
  });
});
afterAll(() => Promise.all([other, api, secure].map((s) => s.close())));

const client = (baseUrl: string) =>
  new Client({ baseUrl, accessToken: 'tok-secret', userId: 1, maxRetries: 2 });

describe('redirects on the default transport', () => {
  it('a login redirected to another origin sends it neither the password nor anything else', async () => {
    const before = api.seen.length;
    const error = await new Client({ baseUrl: `${api.url}/away` }).users
      .login({ username: 'root', password: 'hunter2-password' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      new RegExp(`refused a redirect from ${api.url} to ${other.url}: another server would receive`),
    );
    expect(other.seen).toEqual([]);
    expect(api.seen.slice(before).map((s) => s.url)).toEqual(['/away/api/user/login']);
  });

  it('a token-authenticated read redirected to another origin is refused at once, not retried', async () => {
    const before = api.seen.length;
    await expect(client(`${api.url}/away`).users.self.get()).rejects.toBeInstanceOf(ConnectionError);
    expect(other.seen).toEqual([]);
    expect(api.seen.length - before).toBe(1);
  });

  it('follows a redirect within the origin, credentials included', async () => {
    await expect(client(`${api.url}/moved`).users.self.get()).resolves.toMatchObject({ id: 1 });
    const last = api.seen.at(-1)!;
    expect(last.url).toBe('/api/user/self');
    expect(last.headers).toMatchObject({ authorization: 'tok-secret', 'new-api-user': '1' });
  });

  it('follows http to https on the same host (a proxy upgrading), password and all', async () => {
    await trustingTls(() =>
      new Client({ baseUrl: `${api.url}/upgrade` }).users.login({
        username: 'root',
        password: 'pw-12345678',
      }),
    );
    const last = secure.seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/api/user/login' });
    expect(JSON.parse(last.body)).toEqual({ username: 'root', password: 'pw-12345678' });
  });

  it('refuses https to http', async () => {
    const before = api.seen.length;
    const error = await trustingTls(() =>
      client(`${secure.url}/downgrade`)
        .users.self.get()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('it would send the request unencrypted');
    expect(api.seen.length).toBe(before);
  });
});
