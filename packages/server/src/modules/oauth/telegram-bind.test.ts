import { signTelegramLogin } from '@switchboard/mock-server/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessTokenCaller } from '../../testing/access-token.js';
import { expectRefusal } from '../../testing/refusal.js';
import { testDialects } from '../../testing/test-db.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { BIND_NONCE_TTL_S } from '../auth/bind-nonces.js';
import { Browser } from './oauth-test-kit.js';

const BOT_TOKEN = '123456:TEST-bot-token';
const EXPIRED = 'the bind link has expired or was already used: go back to the settings page and bind again';

describe.each(testDialects())('Telegram binding with a one-time nonce on %s', (dialect) => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  let tgIds = 9_000_000;
  const telegramId = async (userId: number) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select('telegram_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).telegram_id;
  /** The widget's signed fields for a fresh Telegram account, as the redirect from telegram.org carries them. */
  const signed = (id = ++tgIds) =>
    new URLSearchParams(
      signTelegramLogin(BOT_TOKEN, { id, first_name: 'Tele', username: `tg${id}`, auth_date: clock }),
    ).toString();
  /** A console signed in with a password, as the settings page is. */
  const signedIn = async () => {
    const { id } = await t.userWithRole(1);
    const b = new Browser(t);
    const { username } = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await b.passwordLogin(username, 'password123');
    return b;
  };
  const nonceOf = async (b: Browser): Promise<string> => {
    const body = (await b.get('/api/oauth/telegram/bind_nonce')).json();
    expect(body).toMatchObject({ success: true, message: '', data: expect.stringMatching(/^[\w-]{32}$/) });
    return body.data;
  };
  /** The navigation from telegram.org: no cookie, no New-Api-User. */
  const redirectFromTelegram = (nonce: string, fields = signed()) =>
    new Browser(t).get(`/api/oauth/telegram/bind?bind_nonce=${encodeURIComponent(nonce)}&${fields}`);

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = Math.floor(Date.now() / 1000);
    await t.ctx.options.set('TelegramBotToken', BOT_TOKEN);
    await t.ctx.options.set('TelegramOAuthEnabled', 'true');
  });

  it('binds with the nonce and no cookie, redirecting to /setting; the nonce works once', async () => {
    const b = await signedIn();
    const nonce = await nonceOf(b);
    const fields = signed();
    const bind = await redirectFromTelegram(nonce, fields);
    expect(bind.statusCode).toBe(302);
    expect(bind.headers.location).toBe('/setting');
    const bound = await telegramId(b.userId!);
    expect(bound).toBe(new URLSearchParams(fields).get('id'));
    expect(expectRefusal(await redirectFromTelegram(nonce))).toBe(EXPIRED);
    expect(await telegramId(b.userId!)).toBe(bound);
  });

  it('refuses an expired, a made-up, a replaced and a logged-out nonce', async () => {
    const b = await signedIn();
    const expired = await nonceOf(b);
    clock += BIND_NONCE_TTL_S;
    expect(expectRefusal(await redirectFromTelegram(expired))).toBe(EXPIRED);
    expect(expectRefusal(await redirectFromTelegram('A'.repeat(32)))).toBe(EXPIRED);
    // An empty parameter means none (query tolerance): then only a session cookie would do.
    expect((await redirectFromTelegram('')).statusCode).toBe(401);
    const replaced = await nonceOf(b);
    const current = await nonceOf(b);
    expect(expectRefusal(await redirectFromTelegram(replaced))).toBe(EXPIRED);
    await b.get('/api/user/logout');
    expect(expectRefusal(await redirectFromTelegram(current))).toBe(EXPIRED);
    expect(await telegramId(b.userId!)).toBe('');
  });

  it("refuses a nonce shown with another session's cookie, and burns it", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const nonce = await nonceOf(owner);
    const foreign = await other.get(`/api/oauth/telegram/bind?bind_nonce=${nonce}&${signed()}`);
    expect(expectRefusal(foreign)).toBe(EXPIRED);
    expect(expectRefusal(await redirectFromTelegram(nonce))).toBe(EXPIRED);
    expect([await telegramId(owner.userId!), await telegramId(other.userId!)]).toEqual(['', '']);
  });

  it('checks the widget data before using the nonce up; a ban since the nonce was issued is refused', async () => {
    const b = await signedIn();
    const nonce = await nonceOf(b);
    const tampered = signed().replace(/first_name=Tele/, 'first_name=Forged');
    expect(expectRefusal(await redirectFromTelegram(nonce, tampered))).toBe('invalid request');
    expect((await redirectFromTelegram(nonce)).statusCode).toBe(302);
    const banned = await signedIn();
    const bannedNonce = await nonceOf(banned);
    await t.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', banned.userId!).execute();
    expect(expectRefusal(await redirectFromTelegram(bannedNonce))).toBe('the user is banned');
    expect(await telegramId(banned.userId!)).toBe('');
  });

  it('hands nonces to login sessions only, while Telegram is enabled', async () => {
    const b = await signedIn();
    const viaToken = await accessTokenCaller(t, { id: b.userId!, headers: await headersOf(b) });
    const byToken = await t.call({
      method: 'GET',
      url: '/api/oauth/telegram/bind_nonce',
      headers: viaToken.headers,
    });
    expect(expectRefusal(byToken)).toBe(
      'binding Telegram needs a login session in the console, not an access token',
    );
    expect((await new Browser(t).get('/api/oauth/telegram/bind_nonce')).statusCode).toBe(401);
    await t.ctx.options.set('TelegramOAuthEnabled', 'false');
    expect(expectRefusal(await b.get('/api/oauth/telegram/bind_nonce'))).toMatch(/Telegram/);
  });

  it('still binds by the session cookie when no nonce is given (same-site requests, API clients)', async () => {
    const b = await signedIn();
    expect((await b.get(`/api/oauth/telegram/bind?${signed()}`)).statusCode).toBe(302);
    expect(await telegramId(b.userId!)).not.toBe('');
  });
});

/** The cookie and New-Api-User headers a Browser sends. */
async function headersOf(b: Browser): Promise<Record<string, string>> {
  return {
    cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'new-api-user': String(b.userId),
  };
}
