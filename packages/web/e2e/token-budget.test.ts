// @vitest-environment node
// End-to-end: a user gives a new key a daily request budget and caps in the token editor, spends part of it
// through the relay, and the token list shows what this period has spent against the limit, with the reset.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';

describe.skipIf(!hasChromium)('token budgets in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    const { alice } = server.credentials.users;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(alice.username);
    await page.getByLabel('密码', { exact: true }).fill(alice.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a key with a daily budget and caps, and the list shows this period’s spend', async () => {
    await page.getByTestId('create-token').click();
    const form = page.getByRole('dialog');
    await form.getByLabel('名称').fill('budgeted');
    await form.getByLabel('预算周期').click();
    await page.getByRole('option', { name: '每日' }).click();
    await form.getByLabel('每周期请求数').fill('5');
    await form.getByLabel('最大并发').fill('2');
    await form.getByLabel('每分钟请求数').fill('30');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const row = await server.db
      .selectFrom('tokens')
      .select(['id', 'key', 'period', 'period_requests', 'max_concurrency', 'rpm_limit'])
      .where('name', '=', 'budgeted')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ period: 'day', max_concurrency: 2, rpm_limit: 30 });
    expect(Number(row.period_requests)).toBe(5);

    // Two requests through the relay, then the list again.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${row.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
    }
    await page.reload();
    const usage = page.getByTestId('token-table').getByTestId('budget-usage').first();
    await expect.poll(() => usage.textContent()).toContain('每日 · 2 / 5 次');
    expect(await usage.textContent()).toContain('重置');
    expect(await usage.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  }, 120_000);
});
