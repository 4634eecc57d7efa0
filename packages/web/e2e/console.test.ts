// @vitest-environment node
// End-to-end: the built console served by mock-server (the real server on in-memory SQLite), driven in
// Debian's Chromium. One browser and one signed-in context for the whole file, to keep CI short.
import { createMockServer, REPLY, type MockServer } from '@switchboard/mock-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';
import { captureScreens } from './screens';

const USER = { username: 'e2euser', password: 'e2e-password-1' };

describe.skipIf(!hasChromium)('web console in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const go = (path: string) => page.goto(`${server.url}${path}`);
  const balance = async () => (await page.getByTestId('balance').textContent()) ?? '';
  /** The raw quota behind the balance: a playground answer costs far less than the cent shown. */
  const quota = async () => Number(await page.getByTestId('balance').getAttribute('data-quota'));

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('registers, logs in, tops up, creates a token, streams a playground answer, then sees the log and the charge', async () => {
    await go('/register');
    await page.getByLabel('用户名', { exact: true }).fill(USER.username);
    await page.getByLabel('密码', { exact: true }).fill(USER.password);
    await page.getByLabel('确认密码').fill(USER.password);
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('用户名或邮箱').fill(USER.username);
    await page.getByLabel('密码', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
    await expect.poll(() => page.getByTestId('avatar').isVisible()).toBe(true);

    await go('/topup');
    await expect.poll(balance).toMatch(/\d/);
    const before = await balance();
    const code = server.credentials.redemptions.find((r) => r.status === 1)!;
    await page.getByLabel('兑换码', { exact: true }).fill(code.key);
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await expect.poll(balance).not.toBe(before);
    const afterTopUp = await quota();
    expect(afterTopUp).toBeGreaterThan(0);

    await go('/token');
    await page.getByTestId('create-token').click();
    await page.getByRole('dialog').getByLabel('名称', { exact: true }).fill('e2e-key');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('e2e-key').count()).toBeGreaterThan(0);

    await go('/playground');
    await page.getByPlaceholder(/输入消息/).fill('Say hello');
    await page.getByTestId('send').click();
    const answer = page.getByTestId('message-assistant');
    await expect.poll(() => answer.getAttribute('data-state'), { timeout: 15_000 }).toBe('complete');
    expect((await answer.textContent())?.trim()).toBe(REPLY);

    await go('/log');
    await expect
      .poll(() => page.getByTestId('log-table').getByText('gpt-4o-mini').count())
      .toBeGreaterThan(0);
    // Seconds-old usage: the stat line counts this minute's request and its tokens.
    await expect
      .poll(async () => (await page.getByTestId('log-stat').textContent()) ?? '')
      .toMatch(/RPM：[1-9].*TPM：[1-9]/);

    await go('/topup');
    await expect.poll(quota).toBeGreaterThan(0);
    expect(await quota()).toBeLessThan(afterTopUp);
  }, 90_000);

  it('keeps the log filters in the URL across a reload', async () => {
    await go('/log');
    await page.getByLabel('模型', { exact: true }).fill('gpt-4o-mini');
    await page.getByTestId('log-apply').click();
    await page.waitForURL(/model_name=gpt-4o-mini/);
    await page.reload();
    expect(page.url()).toContain('model_name=gpt-4o-mini');
    expect(await page.getByLabel('模型', { exact: true }).inputValue()).toBe('gpt-4o-mini');
    await expect
      .poll(() => page.getByTestId('log-table').getByText('gpt-4o-mini').count())
      .toBeGreaterThan(0);
  });

  it('draws a table screen on the server: its rows show without JavaScript, then the console takes over', async () => {
    const noScript = await browser.newContext({
      storageState: await context.storageState(),
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
    });
    try {
      const drawn = await noScript.newPage();
      await drawn.goto(`${server.url}/log`);
      const rows = drawn.locator('[data-server-drawn] [data-testid="log-table"] [data-row-id]');
      expect(await rows.count()).toBeGreaterThan(0);
      expect(await rows.first().isVisible()).toBe(true);
      expect(await drawn.locator('[data-server-drawn]').getByText('gpt-4o-mini').count()).toBeGreaterThan(0);
    } finally {
      await noScript.close();
    }
    await go('/log');
    await expect
      .poll(() => page.locator('[data-testid="log-table"] .MuiDataGrid-row').count())
      .toBeGreaterThan(0);
    expect(await page.locator('[data-server-drawn]').count()).toBe(0);
  });

  it('switches language and remembers it', async () => {
    await go('/token');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByText('My tokens').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByText('My tokens').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.getByText('我的令牌').count()).toBe(1);
  });

  it('follows the system theme until dark mode is chosen', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'dark' });
    await go('/token');
    // The server drew this page light (the system was light last time): it is dropped, the console draws dark.
    await expect.poll(background).toBe('rgb(18, 18, 18)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(background).not.toBe('rgb(18, 18, 18)');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(background).toBe('rgb(18, 18, 18)');
    await page.reload();
    expect(await background()).toBe('rgb(18, 18, 18)');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(background).not.toBe('rgb(18, 18, 18)');
  });

  it('lays out for phones: cards instead of tables, the side menu in a drawer', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await go('/token');
    await expect.poll(() => page.getByTestId('table-card').count()).toBeGreaterThan(0);
    // The server drew a desktop shell (its side menu hidden by CSS at this width); the console's own has none.
    await expect.poll(() => page.locator('[data-server-drawn]').count()).toBe(0);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await page.getByRole('button', { name: '切换菜单' }).click();
    await page.getByRole('link', { name: '日志' }).click();
    await page.waitForURL('**/log');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the not-found page for an unknown address', async () => {
    await go('/no-such-page');
    expect(await page.getByRole('heading', { name: '页面不存在' }).count()).toBe(1);
  });

  it('saves a screenshot of every screen in both themes and at phone width', async () => {
    const files = await captureScreens(page, server.url);
    expect(files.length).toBeGreaterThanOrEqual(30);
  }, 120_000);
});
