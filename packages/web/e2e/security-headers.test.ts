// @vitest-environment node
// The console under its own Content-Security-Policy in Debian's Chromium (issue 29): every screen, plain and
// drawn by the server, works with no violation reported; a script injected into the page does not run; another
// site cannot frame it.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';

type Marks = { __violations: string[] };

/** Every CSP violation the page reports, kept on window from before its first script runs. */
const RECORD_VIOLATIONS = `(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(e.effectiveDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));
})();`;

const VISITOR_SCREENS = ['/', '/login', '/register', '/reset', '/pricing', '/about'];
const ADMIN_SCREENS = [
  '/log',
  '/token',
  '/channel',
  '/redemption',
  '/user',
  '/topup',
  '/setting',
  '/playground',
  '/detail',
  '/midjourney',
  '/task',
  '/chat',
];

describe.skipIf(!hasChromium)('the console under its Content-Security-Policy', () => {
  let server: MockServer;
  let browser: Browser;
  let context: BrowserContext;
  const messages: string[] = [];

  async function open(page: Page, path: string): Promise<string[]> {
    const res = await page.goto(`${server.url}${path}`);
    expect(res?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    // Settled: the console has started (a drawn page is replaced) and no spinner is left.
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-server-drawn], [aria-busy="true"], .MuiCircularProgress-root') &&
        document.getElementById('root')?.childElementCount,
      null,
      { timeout: 15_000 },
    );
    await page.waitForTimeout(300);
    return page.evaluate(() => (window as unknown as Marks).__violations);
  }

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await context.addInitScript(RECORD_VIOLATIONS);
    context.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws every screen, for a visitor and for root, with no violation', async () => {
    const page = await context.newPage();
    for (const path of VISITOR_SCREENS) expect(await open(page, path), path).toEqual([]);
    const { root } = server.credentials.users;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(root.username);
    await page.getByLabel('密码', { exact: true }).fill(root.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of ADMIN_SCREENS) {
      const res = await page.request.get(`${server.url}${path}`);
      if (['/log', '/token', '/channel'].includes(path))
        expect(await res.text(), path).toContain('data-server-drawn');
      expect(await open(page, path), path).toEqual([]);
    }
    expect(messages).toEqual([]);
    await page.close();
  }, 120_000);

  it('keeps a script injected into the page from running', async () => {
    const page = await context.newPage();
    await open(page, '/about');
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="data:," onerror="window.__ran = 1">');
      const script = document.createElement('script');
      script.textContent = 'window.__ran = 2';
      document.body.appendChild(script);
    });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    const violations = await page.evaluate(() => (window as unknown as Marks).__violations);
    expect(violations.filter((v) => v.startsWith('script-src'))).toHaveLength(2);
    await page.close();
  });

  it('cannot be framed by another site', async () => {
    const page = await context.newPage();
    await page.setContent(`<iframe src="${server.url}/login" width="400" height="300"></iframe>`);
    await page.waitForTimeout(1000);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(
      await frame
        ?.locator('input')
        .count()
        .catch(() => 0),
    ).toBe(0);
    await page.close();
  });
});
