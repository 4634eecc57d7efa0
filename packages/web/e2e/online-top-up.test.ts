// @vitest-environment node
// End-to-end: the wallet's online top-up in Chromium, from the console through the fake Epay gateway's cashier
// page (which the console's form opens in a new tab) and back, with the gateway's notification crediting the
// balance on the real server.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';

describe.skipIf(!hasChromium)('online top-up in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([
      createMockServer({ webDist: WEB_DIST, epay: true }),
      launchChromium(),
    ]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pays through the gateway’s cashier and sees the balance grow', async () => {
    const { alice } = server.credentials.users;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(alice.username);
    await page.getByLabel('密码', { exact: true }).fill(alice.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');

    await page.goto(`${server.url}/topup`);
    const raw = () => page.getByTestId('balance').getAttribute('data-quota');
    const quota = async () => Number(await raw());
    await expect.poll(raw, { timeout: 15_000 }).not.toBeNull();
    const before = await quota();

    await page.getByRole('button', { name: '$10', exact: true }).click();
    await page.getByRole('button', { name: '支付宝' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toMatch(/充值数量：10.*实付金额：73\.00 元/);
    const [cashier] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: '确定' }).click(),
    ]);
    await cashier.getByRole('button', { name: 'Pay' }).click();
    await cashier.waitForURL(`${server.url}/log`);
    expect(server.epay!.submissions.map((s) => s.error)).toEqual([null]);

    await page.reload();
    await expect.poll(quota, { timeout: 15_000 }).toBe(before + 10 * 500_000);
  }, 90_000);
});
