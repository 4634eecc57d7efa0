// @vitest-environment node
// End-to-end: the admin tabs of /setting in Debian's Chromium against mock-server (the real server on in-memory
// SQLite). One browser, one root context and one normal-user context for the whole file, to keep CI short.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';
import { SCREENSHOT_DIR } from './screens';

const ADMIN_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
const VARIANTS = [
  { name: 'light', theme: 'light', width: 1280, height: 800 },
  { name: 'dark', theme: 'dark', width: 1280, height: 800 },
  { name: 'phone', theme: 'light', width: 390, height: 844 },
] as const;

describe.skipIf(!hasChromium)('admin settings in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let root: Page;

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

  /** The prompt price /pricing shows for a model, signed in (the default group, ratio 1). */
  async function pricingPrompt(page: Page, model: string): Promise<string> {
    await page.goto(`${server.url}/pricing?q=${model}`);
    const row = page.getByTestId('pricing-table').getByRole('row').filter({ hasText: model }).first();
    await row.waitFor();
    return (await row.textContent()) ?? '';
  }

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    const { users } = server.credentials;
    root = await signIn(users.root.username, users.root.password);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('changes a model ratio after seeing its effect, and /pricing shows the new price', async () => {
    expect(await pricingPrompt(root, 'gpt-4o-mini')).toContain('$0.1500 / 1M tokens');

    await root.goto(`${server.url}/setting?tab=operation`);
    const editor = root.getByTestId('pricing-editor');
    await editor.getByLabel('搜索模型名称').fill('gpt-4o-mini');
    const cell = editor.getByLabel('gpt-4o-mini 模型倍率', { exact: true });
    await cell.fill('0.1');
    await editor.getByRole('button', { name: '应用更改' }).click();

    const effect = root.getByTestId('price-effect');
    const row = effect.locator('tr[data-model="gpt-4o-mini"]');
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('提示 $0.1500 / 1M tokens');
    expect(text).toContain('提示 $0.2000 / 1M tokens');
    expect(text).toContain('补全 $0.8000 / 1M tokens');
    expect(text).toContain('+33.33%');
    await root.getByRole('button', { name: '确认保存' }).click();
    await root.getByText('保存成功').first().waitFor();

    const after = await pricingPrompt(root, 'gpt-4o-mini');
    expect(after).toContain('$0.2000 / 1M tokens');
    expect(after).toContain('$0.8000 / 1M tokens');
  }, 60_000);

  it('saves a switch at once and it stays after a reload', async () => {
    await root.goto(`${server.url}/setting?tab=system`);
    const register = root.getByLabel('允许新用户注册', { exact: true });
    await expect.poll(() => register.isChecked()).toBe(true);
    await register.click();
    await root.getByText('保存成功').first().waitFor();
    await root.reload();
    await expect.poll(() => register.isChecked(), { timeout: 10_000 }).toBe(false);
    // A fresh page read the switch back from the server; switch it on again for the other tests.
    await register.click();
    await expect.poll(() => register.isChecked()).toBe(true);
  }, 60_000);

  it('keeps the admin tabs from a normal user, and the options API refuses them', async () => {
    const { alice } = server.credentials.users;
    const user = await signIn(alice.username, alice.password);
    await user.goto(`${server.url}/setting?tab=operation`);
    await user.getByRole('tab', { name: '个人设置' }).waitFor();
    expect(await user.getByRole('tab').allTextContents()).toEqual(['个人设置']);
    expect(await user.getByTestId('section-general').count()).toBe(0);
    const answer = await user.evaluate(async (id) => {
      const response = await fetch('/api/option/', { headers: { 'New-Api-User': String(id) } });
      return { status: response.status, body: (await response.json()) as { success: boolean } };
    }, alice.id);
    expect(answer.body.success).toBe(false);
    await user.context().close();
  }, 60_000);

  it('saves a screenshot of each admin tab in both themes and at phone width', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const files: string[] = [];
    for (const variant of VARIANTS) {
      await root.setViewportSize({ width: variant.width, height: variant.height });
      await root.evaluate((theme) => localStorage.setItem('theme-mode', theme), variant.theme);
      for (const tab of ADMIN_TABS) {
        await root.goto(`${server.url}/setting?tab=${tab}`);
        await root.waitForFunction(
          () =>
            document.querySelector('[data-testid^="section-"]') &&
            !document.querySelector('.MuiCircularProgress-root'),
          null,
          { timeout: 15_000 },
        );
        await root.evaluate(() => document.fonts.ready);
        const file = join(SCREENSHOT_DIR, `setting-${tab}-${variant.name}.png`);
        await root.screenshot({ path: file, fullPage: true });
        files.push(file);
      }
    }
    await root.setViewportSize({ width: 1280, height: 800 });
    expect(files).toHaveLength(15);
  }, 180_000);
});
