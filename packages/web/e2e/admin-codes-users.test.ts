// @vitest-environment node
// End-to-end, admin side: redemption codes and user management in Debian's Chromium against mock-server.
// An admin batch-creates 50 codes and downloads them as CSV, a user redeems one; a normal user cannot
// reach the admin screens; the admin manages a user and follows them to their logs. One browser, two
// signed-in contexts (admin and user), to keep the run short.
import { readFileSync } from 'node:fs';
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';
import { captureScreens } from './screens';

const BATCH = 'e2e-batch';

describe.skipIf(!hasChromium)('admin: redemption codes and users in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let userContext: BrowserContext;
  let admin: Page;
  let user: Page;
  let codes: string[] = [];

  async function signIn(page: Page, username: string, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
  }

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    const options = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN', acceptDownloads: true };
    [adminContext, userContext] = await Promise.all([
      browser.newContext(options),
      browser.newContext(options),
    ]);
    [admin, user] = await Promise.all([adminContext.newPage(), userContext.newPage()]);
    const { admin: a, alice } = server.credentials.users;
    await signIn(admin, a.username, a.password);
    await signIn(user, alice.username, alice.password);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('batch-creates 50 codes, shows them and downloads them as CSV', async () => {
    await admin.goto(`${server.url}/redemption`);
    await admin.getByTestId('create-redemption').click();
    const form = admin.getByRole('dialog');
    await form.getByLabel('名称').fill(BATCH);
    await form.getByText('$10.00').click();
    await form.getByLabel('生成数量').fill('50');
    await admin.getByTestId('redemption-submit').click();

    const shown = admin.getByTestId('created-codes');
    await expect.poll(async () => ((await shown.textContent()) ?? '').split('\n').length).toBe(50);
    codes = ((await shown.textContent()) ?? '').split('\n');
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByTestId('download-codes-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${BATCH}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,key,quota,amount');
    expect(lines).toHaveLength(51);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(codes);
    expect(lines[1]).toBe(`${BATCH},${codes[0]},5000000,$10.00`);
    await admin.getByRole('button', { name: '关闭' }).click();

    // The list holds them too, found by the batch name.
    await admin.getByLabel('ID 或名称').fill(BATCH);
    await admin.getByRole('button', { name: '搜索' }).click();
    await admin.waitForURL(/keyword=e2e-batch/);
    await expect
      .poll(() => admin.getByTestId('redemption-table').getByText(BATCH).count())
      .toBeGreaterThanOrEqual(10);
  }, 90_000);

  it('disables codes from the bulk bar', async () => {
    await admin.goto(`${server.url}/redemption?keyword=${BATCH}`);
    const table = admin.getByTestId('redemption-table');
    await expect.poll(() => table.getByText('未使用').count()).toBeGreaterThanOrEqual(10);
    // The last three rows of the page: the first code of the batch (redeemed next) is on a later page.
    const rows = table.getByRole('row');
    for (const i of [1, 2, 3]) await rows.nth(i).getByRole('checkbox').check();
    const bar = admin.getByTestId('redemption-bulk-bar');
    await expect.poll(() => bar.textContent()).toContain('已选 3 个');
    await bar.getByRole('button', { name: '禁用' }).click();
    await expect.poll(() => table.getByText('已禁用').count()).toBe(3);
    const disabled = await server.ctx.db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', BATCH)
      .where('status', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(disabled.n)).toBe(3);
  });

  it('lets a user redeem one of the new codes, which then shows as used', async () => {
    await user.goto(`${server.url}/topup`);
    const balance = () => user.getByTestId('balance').getAttribute('data-quota');
    await expect.poll(balance).toMatch(/\d/);
    const before = Number(await balance());
    await user.getByLabel('兑换码', { exact: true }).fill(codes[0]!);
    await user.getByRole('button', { name: '兑换', exact: true }).click();
    await expect.poll(async () => Number(await balance())).toBe(before + 5_000_000);

    const row = await server.ctx.db
      .selectFrom('redemptions')
      .select(['id', 'status'])
      .where('key', '=', codes[0]!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    await admin.goto(`${server.url}/redemption?keyword=${row.id}`);
    const table = admin.getByTestId('redemption-table');
    await expect.poll(() => table.getByText('已使用').count()).toBe(1);
    // A used code can be neither enabled nor edited (spec §4).
    expect(await table.getByRole('button', { name: '启用' }).isDisabled()).toBe(true);
    expect(await table.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true);
  });

  it('keeps normal users out of the admin screens', async () => {
    for (const path of ['/redemption', '/user', `/user/edit/${server.credentials.users.bob.id}`]) {
      await user.goto(`${server.url}${path}`);
      await expect.poll(() => user.getByRole('heading', { name: '页面不存在' }).count()).toBe(1);
      expect(await user.getByTestId('redemption-table').count()).toBe(0);
      expect(await user.getByTestId('user-table').count()).toBe(0);
    }
    // And the side menu does not offer them.
    await user.goto(`${server.url}/token`);
    expect(await user.getByRole('link', { name: '兑换码' }).count()).toBe(0);
    expect(await user.getByRole('link', { name: '用户管理' }).count()).toBe(0);
  });

  it('manages a user: disable updates the row, quota is added, and their logs are one click away', async () => {
    const bob = server.credentials.users.bob;
    await admin.goto(`${server.url}/user`);
    await expect.poll(() => admin.getByRole('heading', { name: '管理用户' }).count()).toBe(1);
    await admin.getByLabel('ID、用户名、显示名称或邮箱').fill('bob');
    await admin.getByRole('button', { name: '搜索' }).click();
    const table = admin.getByTestId('user-table');
    const row = table.getByRole('row').filter({ hasText: 'bob' });
    await expect.poll(() => row.first().getByText('已激活').count()).toBe(1);

    await row.first().getByRole('button', { name: '禁用' }).click();
    await expect.poll(() => row.first().getByText('已封禁').count()).toBe(1);
    const stored = await server.ctx.db
      .selectFrom('users')
      .select(['status', 'quota'])
      .where('id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(2);
    await row.first().getByRole('button', { name: '启用' }).click();
    await expect.poll(() => row.first().getByText('已激活').count()).toBe(1);

    await row.first().getByTestId('user-more').click();
    await admin.getByRole('menuitem', { name: '添加额度' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('需要添加的额度').fill('500000');
    await expect.poll(() => dialog.getByTestId('quota-preview').textContent()).toContain('+ $1.00 =');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect
      .poll(async () =>
        Number(
          (
            await server.ctx.db
              .selectFrom('users')
              .select('quota')
              .where('id', '=', bob.id)
              .executeTakeFirstOrThrow()
          ).quota,
        ),
      )
      .toBe(Number(stored.quota) + 500_000);

    await row.first().getByTestId('user-more').click();
    await admin.getByRole('menuitem', { name: '日志' }).click();
    await admin.waitForURL(/\/log\?username=bob/);
    const logs = admin.getByTestId('log-table');
    await expect.poll(() => logs.getByTestId('log-username').count()).toBeGreaterThan(0);
    const names = await logs.getByTestId('log-username').allTextContents();
    expect(new Set(names)).toEqual(new Set(['bob']));
    await logs.getByTestId('log-username').first().click();
    await expect.poll(() => admin.getByTestId('log-user-info').getByText('bob').count()).toBeGreaterThan(0);
  }, 60_000);

  it('creates a user below its own role and deletes them: the row stays, shown as deleted', async () => {
    await admin.goto(`${server.url}/user`);
    await admin.getByTestId('create-user').click();
    const form = admin.getByRole('dialog');
    await form.getByLabel('用户名').fill('e2etemp');
    await form.getByLabel('密码').fill('temp-password-1');
    await form.getByRole('button', { name: '添加' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);

    await admin.getByLabel('ID、用户名、显示名称或邮箱').fill('e2etemp');
    await admin.getByRole('button', { name: '搜索' }).click();
    const row = admin.getByTestId('user-table').getByRole('row').filter({ hasText: 'e2etemp' });
    await expect.poll(() => row.getByText('普通用户').count()).toBe(1);
    await row.getByTestId('user-more').click();
    await admin.getByRole('menuitem', { name: '删除' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => row.getByTestId('user-deleted').count()).toBe(1);
    expect(await row.getByRole('button').count()).toBe(0);
    // Still listed after a reload: deleted users stay in the list, marked.
    await admin.reload();
    await expect.poll(() => row.getByTestId('user-deleted').count()).toBe(1);
  });

  it('ranks the dashboard window by user and by channel, and narrows the charts to a picked user', async () => {
    await admin.goto(`${server.url}/detail`);
    const byUser = admin.getByTestId('usage-by-user');
    await expect.poll(() => byUser.getByTestId('rank-row').count()).toBeGreaterThan(0);
    await expect
      .poll(() => admin.getByTestId('usage-by-channel').getByTestId('rank-row').count())
      .toBeGreaterThan(0);
    const first = byUser.getByTestId('rank-row').first().getByRole('button');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect.poll(() => admin.getByTestId('usage-scope').textContent()).toContain(name);
  });

  it('saves a screenshot of each admin screen in both themes and at phone width', async () => {
    const alice = server.credentials.users.alice;
    const screens = [
      '/redemption',
      '/user',
      `/user/edit/${alice.id}`,
      '/log',
      '/midjourney',
      '/task',
      '/detail',
    ];
    const files = await captureScreens(admin, server.url, screens, 'admin-');
    expect(files).toHaveLength(screens.length * 3);
  }, 120_000);
});
