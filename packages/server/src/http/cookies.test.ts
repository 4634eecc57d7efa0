import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

async function app(config: Partial<Config>): Promise<TestApp> {
  const t = await createTestApp({ config });
  apps.push(t);
  return t;
}

/** Whether each cookie the server sets on login, on an OAuth state and on logout carries `Secure`. */
async function secureFlags(t: TestApp, headers: Record<string, string>) {
  const login = await t.call({
    method: 'POST',
    url: '/api/user/login',
    headers,
    payload: { username: 'root', password: '123456' },
  });
  const session = login.cookies.find((c) => c.name === 'session')!;
  const state = await t.call({ method: 'GET', url: '/api/oauth/state', headers });
  expect(state.json().success).toBe(true);
  const visitor = state.cookies.find((c) => c.name === 'visitor')!;
  const logout = await t.call({
    method: 'GET',
    url: '/api/user/logout',
    headers: { ...headers, cookie: `session=${session.value}; visitor=${visitor.value}` },
  });
  const cleared = logout.cookies.map((c) => [c.name, c.secure === true]);
  return {
    session: session.secure === true,
    visitor: visitor.secure === true,
    cleared: Object.fromEntries(cleared) as Record<string, boolean>,
  };
}

const https = { 'x-forwarded-proto': 'https' };
const all = (secure: boolean) => ({
  session: secure,
  visitor: secure,
  cleared: { session: secure, visitor: secure },
});

describe('Secure cookies (COOKIE_SECURE)', () => {
  it('auto: Secure when a trusted proxy says the request came over TLS, not over plain HTTP', async () => {
    const t = await app({ trustProxy: true });
    expect(await secureFlags(t, https)).toEqual(all(true));
    expect(await secureFlags(t, {})).toEqual(all(false));
    expect(await secureFlags(t, { 'x-forwarded-proto': 'http' })).toEqual(all(false));
  });

  it('auto: X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY)', async () => {
    const t = await app({ trustProxy: false });
    expect(await secureFlags(t, https)).toEqual(all(false));
  });

  it('true: always Secure (TLS ended by a proxy whose headers are not trusted); false: never', async () => {
    expect(await secureFlags(await app({ cookieSecure: true }), {})).toEqual(all(true));
    expect(await secureFlags(await app({ trustProxy: true, cookieSecure: false }), https)).toEqual(
      all(false),
    );
  });

  it('keeps the other attributes: HttpOnly, SameSite=Strict, the whole site', async () => {
    const t = await app({ trustProxy: true });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: https,
      payload: { username: 'root', password: '123456' },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^session=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });
});
