// @vitest-environment node
// End-to-end for the admin channel screens: the built console served by mock-server (the real server on
// in-memory SQLite, fake OpenAI upstream on loopback), driven in Debian's Chromium.
import { createMockServer, REPLY, type MockServer } from '@switchboard/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';
import { captureScreens } from './screens';

const CHANNEL = 'e2e-upstream';
// A priced model no seeded channel serves, so a relay of it can only go through the new channel.
const MODEL = 'gpt-4-turbo';

describe.skipIf(!hasChromium)('admin channel screens in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let admin: Page;
  let alice: Page;
  let channelId = 0;

  async function signIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  /** A JSON API call with the page's session, as the console makes it. */
  function api<T>(page: Page, path: string): Promise<T> {
    return page.evaluate(async (p) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const res = await fetch(p, { headers: { 'New-Api-User': String(user.id ?? '') } });
      return (await res.json()) as T;
    }, path);
  }

  function relay() {
    return fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Say hello' }] }),
    });
  }

  const row = () => admin.getByRole('row', { name: new RegExp(CHANNEL) });

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    const { admin: a, alice: u } = server.credentials.users;
    [admin, alice] = await Promise.all([signIn(a.username, a.password), signIn(u.username, u.password)]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('adds a channel pointing at the fake upstream, tests it, and a user’s token relays through it', async () => {
    await admin.goto(`${server.url}/channel/add`);
    await admin.getByLabel('名称', { exact: true }).fill(CHANNEL);
    await admin.getByLabel('代理站地址').fill(server.upstreams.openai.url);
    await admin.getByLabel('密钥', { exact: true }).fill('sk-e2e-upstream-key');
    await admin.getByLabel('自定义模型名称').fill(MODEL);
    await admin.getByRole('button', { name: '填入', exact: true }).click();
    await admin.getByTestId('save-channel').click();
    await admin.waitForURL((url) => url.pathname === '/channel');

    await admin.getByLabel('搜索渠道').fill(CHANNEL);
    await admin.getByTestId('channel-search').click();
    await expect.poll(() => row().count(), { timeout: 10_000 }).toBe(1);
    expect(await row().getByTestId('response-time').getAttribute('data-tone')).toBe('untested');
    await row().getByTestId('test-channel').click();
    await expect
      .poll(() => admin.getByText(`渠道「${CHANNEL}」测试成功`, { exact: false }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect
      .poll(() => row().getByTestId('response-time').getAttribute('data-tone'), { timeout: 10_000 })
      .not.toBe('untested');

    const found = await api<{ data: Array<{ id: number; name: string }> }>(
      admin,
      `/api/channel/search?keyword=${CHANNEL}`,
    );
    channelId = found.data.find((c) => c.name === CHANNEL)!.id;

    const res = await relay();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]!.message.content).toBe(REPLY);

    // The admin's log API names the new channel (the log row lands when the request settles); the user
    // sees the call in their own log.
    const logged = async () =>
      (
        await api<{ data: { items: Array<{ model_name: string; channel: number }> } }>(
          admin,
          `/api/log/?p=1&page_size=10&model_name=${MODEL}`,
        )
      ).data.items[0]?.channel;
    await expect.poll(logged, { timeout: 15_000 }).toBe(channelId);
    await alice.goto(`${server.url}/log`);
    await expect
      .poll(() => alice.getByTestId('log-table').getByText(MODEL).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
  }, 120_000);

  it('tests every channel from the browser, with progress and a results table', async () => {
    await admin.goto(`${server.url}/channel`);
    await admin.getByTestId('test-all').click();
    await admin.getByTestId('start-tests').click();
    await expect
      .poll(() => admin.getByTestId('start-tests').textContent(), { timeout: 60_000 })
      .toBe('重新测试');
    const summary = (await admin.getByTestId('test-summary').textContent()) ?? '';
    const [, done, total] = /^已完成 (\d+) \/ (\d+)：/.exec(summary) ?? [];
    expect(Number(total)).toBeGreaterThan(1);
    expect(done).toBe(total);
    const results = admin.getByTestId('test-results');
    expect(await results.locator('tbody tr').count()).toBe(Number(total));
    expect(await results.getByText(CHANNEL).count()).toBe(1);
    await admin.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  }, 90_000);

  it('disables the channel from the bulk bar, after which the relay has no channel', async () => {
    await admin.goto(`${server.url}/channel?keyword=${CHANNEL}`);
    await expect.poll(() => row().count(), { timeout: 10_000 }).toBe(1);
    await row().getByRole('checkbox').check();
    const bar = admin.getByTestId('bulk-bar');
    await expect.poll(() => bar.textContent(), { timeout: 5_000 }).toContain('已选择 1 个渠道');
    await bar.getByRole('button', { name: '禁用', exact: true }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => row().getByTestId('channel-status').textContent(), { timeout: 10_000 })
      .toBe('已禁用');
    const res = await relay();
    expect(res.status).not.toBe(200);
  }, 60_000);

  it('keeps a normal user out of /channel', async () => {
    await alice.goto(`${server.url}/channel`);
    await expect
      .poll(() => alice.getByRole('heading', { name: '页面不存在' }).count(), { timeout: 10_000 })
      .toBe(1);
    await alice.goto(`${server.url}/channel/add`);
    await expect
      .poll(() => alice.getByRole('heading', { name: '页面不存在' }).count(), { timeout: 10_000 })
      .toBe(1);
  });

  it('saves screenshots of the channel screens in both themes and at phone width', async () => {
    const files = await captureScreens(admin, server.url, [
      '/channel',
      '/channel?tag_mode=1',
      '/channel/add',
      `/channel/edit/${channelId || 1}`,
    ]);
    expect(files).toHaveLength(12);
  }, 120_000);
});
