// @vitest-environment node
// End-to-end: the audit trail in Debian's Chromium against mock-server (the real server on in-memory SQLite).
// Root changes an option on /setting, finds the entry on /audit with its before/after, and reverts it.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';
import { SCREENSHOT_DIR } from './screens';

describe.skipIf(!hasChromium)('audit trail in Chromium', () => {
  let server: MockServer;
  let browser: Browser;

  async function signIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
    return page;
  }

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('changes an option, shows the entry with its diff, and reverts it', async () => {
    const { root: cred } = server.credentials.users;
    const root = await signIn(cred.username, cred.password);
    await root.goto(`${server.url}/setting?tab=system`);
    const register = root.getByLabel('允许新用户注册', { exact: true });
    await expect.poll(() => register.isChecked()).toBe(true);
    await register.click();
    await root.getByText('保存成功').first().waitFor();
    expect(server.ctx.options.get('RegisterEnabled')).toBe('false');

    // The menu leads root to the trail; the entry is the newest about the option.
    await root.getByRole('link', { name: '审计日志' }).first().click();
    await root.waitForURL('**/audit');
    await root.getByLabel('对象 ID 或设置项').fill('RegisterEnabled');
    await root.getByRole('button', { name: '搜索' }).click();
    const table = root.getByTestId('audit-table');
    const row = table.getByRole('row').filter({ hasText: 'option.update' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('设置 RegisterEnabled');
    await row.getByRole('button', { name: '详情' }).click();

    const dialog = root.getByTestId('audit-entry');
    const changed = dialog.locator('tr[data-field="value"]');
    await changed.waitFor();
    expect(await changed.getAttribute('data-changed')).toBe('true');
    expect(await changed.getByTestId('audit-before').textContent()).toBe('true');
    expect(await changed.getByTestId('audit-after').textContent()).toBe('false');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await root.screenshot({ path: join(SCREENSHOT_DIR, 'audit-entry-light.png') });

    await dialog.getByRole('button', { name: '撤销此变更' }).click();
    const confirm = root.getByRole('dialog', { name: /撤销记录 #\d+？/ });
    await confirm.getByRole('button', { name: '撤销此变更' }).click();
    await root
      .getByText(/已撤销，新记录 #\d+/)
      .first()
      .waitFor();
    expect(server.ctx.options.get('RegisterEnabled')).toBe('true');

    // The revert is an entry of its own, listed first.
    await table.getByRole('row').filter({ hasText: 'option.revert' }).first().waitFor();
    await root.goto(`${server.url}/setting?tab=system`);
    await expect.poll(() => root.getByLabel('允许新用户注册', { exact: true }).isChecked()).toBe(true);
    await root.context().close();
  }, 120_000);

  it('keeps the screen and the menu entry from an admin', async () => {
    const { admin: cred } = server.credentials.users;
    const admin = await signIn(cred.username, cred.password);
    await admin.goto(`${server.url}/audit`);
    await admin.getByText('页面不存在').waitFor();
    expect(await admin.getByRole('link', { name: '审计日志' }).count()).toBe(0);
    await admin.context().close();
  }, 60_000);
});
