// @vitest-environment node
// End-to-end: a Midjourney task and a Suno task made through the relay (to the mock server's fake proxy and fake
// Suno API) and followed by the poll, then seen in Chromium on the Drawing and Async Tasks screens, by their owner
// and by an admin: the drawing's image (forwarded through /mj/image/{id}) and its buttons, the song's status.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../scripts/build-web.mjs';
import { hasChromium, launchChromium } from './browser';

const MJ_MODELS = ['mj_imagine', 'mj_upscale', 'mj_variation', 'mj_reroll'];

describe.skipIf(!hasChromium)('drawing and music tasks in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let mjId = '';
  let songId = '';

  const channel = async (name: string, type: number, baseUrl: string, key: string, models: string[]) => {
    const row = {
      type,
      key: server.ctx.secrets.seal(key),
      name,
      status: 1,
      base_url: baseUrl,
      other: '',
      models: models.join(','),
      group: 'default',
      priority: 0,
      weight: 1,
      model_mapping: '{}',
      tag: '',
      auto_ban: 0,
    };
    // The relay routes from the channels table itself; the model list's abilities are not needed here.
    await server.db.insertInto('channels').values(row).execute();
    server.ctx.events.emit('channels', []);
  };

  const relay = async (path: string, body: unknown) => {
    const alice = server.credentials.tokens.find((t) => t.name === 'alice-main')!;
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: unknown; result?: string; data?: string };
  };

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    [server, browser] = await Promise.all([createMockServer({ webDist: WEB_DIST }), launchChromium()]);
    await server.ctx.options.set('ServerAddress', server.url);
    const { midjourney, suno } = server.upstreams;
    await channel('proxy', 2, midjourney.url, midjourney.key, MJ_MODELS);
    await channel('suno', 36, suno.url, suno.key, ['suno_music', 'suno_lyrics']);
    mjId = (await relay('/mj/submit/imagine', { prompt: 'a lighthouse in the fog' })).result!;
    songId = (await relay('/suno/submit/music', { prompt: 'a sea shanty', title: 'Harbour' })).data!;
    for (let i = 0; i < 5; i++) await server.app.pollTasks();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signIn = async (who: 'alice' | 'admin'): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const cred = server.credentials.users[who];
    await page.goto(`${server.url}/login`);
    await page.getByLabel('用户名或邮箱').fill(cred.username);
    await page.getByLabel('密码', { exact: true }).fill(cred.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
    return page;
  };

  for (const who of ['alice', 'admin'] as const) {
    it(`shows ${who} the finished drawing with its image and buttons, and the song`, async () => {
      const page = await signIn(who);
      await page.goto(`${server.url}/midjourney`);
      const row = page.getByRole('row').filter({ hasText: mjId });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => row.textContent()).toContain('SUCCESS');
      const img = row.locator('img');
      expect(await img.getAttribute('src')).toBe(`${server.url}/mj/image/${mjId}`);
      // The forwarded image really loads (the fake proxy's PNG, through this server).
      await expect
        .poll(() =>
          img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
        )
        .toBe(1);
      const buttons = row.getByTestId('mj-buttons');
      expect(await buttons.textContent()).toBe('U1U2U3U4🔄V1V2V3V4');

      await page.goto(`${server.url}/task`);
      const song = page.getByRole('row').filter({ hasText: songId });
      await expect.poll(() => song.count(), { timeout: 15_000 }).toBe(1);
      const text = await song.textContent();
      expect(text).toContain('SUCCESS');
      expect(text).toContain('100%');
      expect(text).toContain('MUSIC');
      await page.context().close();
    }, 90_000);
  }
});
