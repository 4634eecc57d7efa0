// @vitest-environment node
// End-to-end: binding Telegram from the settings page in Chromium. The widget's redirect is a navigation that
// telegram.org starts, on which the browser withholds the SameSite=Strict session cookie; only the bind nonce
// the console put in the widget's auth URL can name the session there. Telegram's script and login frame are
// stood in for (this machine has no Internet): the frame, on another site like the real one, sends the top
// window to the auth URL with signed fields appended, as Telegram's does.
import { createMockServer, signTelegramLogin, type MockServer } from '@switchboard/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';

const BOT_TOKEN = '777000:e2e-bot-token';
const TELEGRAM_ID = 777001;

/** Telegram's widget script, reduced to what the page sees: an iframe from telegram.org with the auth URL. */
const WIDGET_JS = `(function () {
  var s = document.currentScript;
  var frame = document.createElement('iframe');
  frame.src = 'https://oauth.telegram.org/embed/' + s.getAttribute('data-telegram-login') +
    '?return_to=' + encodeURIComponent(s.getAttribute('data-auth-url'));
  frame.setAttribute('data-testid', 'telegram-frame');
  s.parentNode.insertBefore(frame, s);
})();`;

/** Telegram's login frame once the user has confirmed: its button sends the top window back, signed. */
const frameHtml = (signed: string) => `<!doctype html><button>Log in with Telegram</button><script>
  document.querySelector('button').onclick = function () {
    var to = new URL(location.href).searchParams.get('return_to');
    top.location.href = to + (to.indexOf('?') >= 0 ? '&' : '?') + ${JSON.stringify(signed)};
  };
</script>`;

describe.skipIf(!hasChromium)('Telegram binding in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    for (const [key, value] of Object.entries({
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'swb_e2e_bot',
      TelegramOAuthEnabled: 'true',
    }))
      await server.ctx.options.set(key, value);
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: WIDGET_JS }),
    );
    await context.route('https://oauth.telegram.org/embed/**', (route) => {
      const signed = signTelegramLogin(BOT_TOKEN, {
        id: TELEGRAM_ID,
        first_name: 'E2E',
        username: 'swb_e2e',
        auth_date: Math.floor(Date.now() / 1000),
      });
      return route.fulfill({
        contentType: 'text/html',
        body: frameHtml(new URLSearchParams(signed).toString()),
      });
    });
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('binds from the settings page though the session cookie stays behind on the way back', async () => {
    const { username, password, id } = server.credentials.users.alice;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`${server.url}/setting`);
    const [bind] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/oauth/telegram/bind?')),
      page.frameLocator('[data-testid=telegram-frame]').getByRole('button').click(),
    ]);
    // The old console and server answered 401 here: the session cookie did not come along (the Lax
    // preferences cookie does), and nothing else named the session.
    expect(await bind.request().headerValue('cookie')).not.toMatch(/(^|; )session=/);
    expect([bind.status(), bind.headers()['location']]).toEqual([302, '/setting']);
    expect(new URL(bind.url()).searchParams.get('bind_nonce')).toMatch(/^[\w-]{32}$/);
    await page.waitForURL(`${server.url}/setting`);
    const row = await server.db
      .selectFrom('users')
      .select('telegram_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.telegram_id).toBe(String(TELEGRAM_ID));
    await expect.poll(() => page.getByText(String(TELEGRAM_ID), { exact: true }).count()).toBe(1);
  });
});
