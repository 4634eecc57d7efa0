import { startSiteverify, type FakeSiteverify } from '@switchboard/mock-server/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { expectRefusal } from '../../testing/refusal.js';
import { Browser } from '../oauth/oauth-test-kit.js';

const SECRET = '0x4AAAAAAA-test-secret';
let siteverify: FakeSiteverify;

beforeAll(async () => {
  siteverify = await startSiteverify({ secret: SECRET });
});
afterAll(() => siteverify.close());

describe.each(testDialects())('Turnstile on %s', (dialect) => {
  let t: TestApp;
  const login = (b: Browser, turnstile?: string) =>
    b.send({
      method: 'POST',
      url: `/api/user/login${turnstile === undefined ? '' : `?turnstile=${turnstile}`}`,
      payload: { username: 'root', password: '123456' },
    });

  beforeAll(async () => {
    t = await createTestApp({ dialect, config: { providerUrls: { turnstileVerify: siteverify.verifyUrl } } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.options.set('TurnstileSiteKey', '0x4AAAAAAA-site-key');
    await t.ctx.options.set('TurnstileSecretKey', SECRET);
    await t.ctx.options.set('TurnstileCheckEnabled', 'true');
  });

  it('asks for a token, refuses a bad one, and remembers a good one in the session', async () => {
    const b = new Browser(t);
    expect(expectRefusal(await login(b))).toBe('the Turnstile token is empty');
    expect(expectRefusal(await login(b, 'made-up'))).toBe('Turnstile check failed, refresh and retry');
    const before = siteverify.requests.length;
    const res = await login(b, siteverify.issueToken());
    expect(res.json().success).toBe(true);
    const sent = new URLSearchParams(siteverify.requests[before]!.raw);
    expect(sent.get('secret')).toBe(SECRET);
    expect(sent.get('remoteip')).toBe('127.0.0.1');
    // Remembered: the same browser needs no new token, and siteverify is not asked again.
    expect((await login(b)).json().success).toBe(true);
    expect(siteverify.requests.length).toBe(before + 1);
    // Logging out forgets it, as new-api's session.Clear does.
    await b.get('/api/user/logout');
    expect(expectRefusal(await login(b))).toBe('the Turnstile token is empty');
  });

  it('refuses a used token in another browser', async () => {
    const token = siteverify.issueToken();
    expect((await login(new Browser(t), token)).json().success).toBe(true);
    expect(expectRefusal(await login(new Browser(t), token))).toBe(
      'Turnstile check failed, refresh and retry',
    );
  });

  it('guards register, verification, password reset and the OAuth state, and nothing when off', async () => {
    const b = new Browser(t);
    const calls = [
      () =>
        b.send({
          method: 'POST',
          url: '/api/user/register',
          payload: { username: 'tsuser', password: 'password123' },
        }),
      () => b.get('/api/verification?email=a@example.com'),
      () => b.get('/api/reset_password?email=a@example.com'),
      () => b.get('/api/oauth/state'),
    ];
    for (const call of calls) expect(expectRefusal(await call())).toBe('the Turnstile token is empty');
    const state = await b.get(`/api/oauth/state?turnstile=${siteverify.issueToken()}`);
    expect(state.json()).toMatchObject({ success: true, data: expect.stringMatching(/^\w{12}$/) });
    // The pass now covers the other routes too (they may still refuse for their own reasons).
    for (const call of calls) expect((await call()).json().message).not.toMatch(/Turnstile/);

    await t.ctx.options.set('TurnstileCheckEnabled', 'false');
    expect((await login(new Browser(t))).json().success).toBe(true);
  });

  it('says so when siteverify cannot be reached', async () => {
    const down = await createTestApp({
      dialect,
      config: { providerUrls: { turnstileVerify: 'http://127.0.0.1:1/turnstile/v0/siteverify' } },
    });
    try {
      await down.ctx.options.set('TurnstileSecretKey', SECRET);
      await down.ctx.options.set('TurnstileCheckEnabled', 'true');
      const res = await new Browser(down).send({
        method: 'POST',
        url: '/api/user/login?turnstile=x',
        payload: { username: 'root', password: '123456' },
      });
      expect(expectRefusal(res)).toBe('cannot reach the Turnstile verification service, retry later');
    } finally {
      await down.close();
    }
    // A second database takes a while on MySQL.
  }, 30_000);
});
