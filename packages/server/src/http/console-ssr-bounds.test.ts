// What drawn pages may cost everyone else (issue 29, item 9): drawing happens off the event loop, the pages
// waiting to be drawn are bounded, and so are one user's and one address's; past a bound the page comes undrawn.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { insertReturningId } from '../db/insert-id.js';
import { bootstrapRoot } from '../modules/users/bootstrap.js';
import { hashPassword } from '../modules/users/password.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { testConfig } from '../testing/test-app.js';
import { createConsoleRenderer } from './console-ssr.js';
import { registerWebConsole, ssrEntryOf } from './web-console.js';

// A stand-in for the console's server build whose cost the test chooses through the preferences cookie: `burn`
// keeps its thread busy (as React drawing a table does), `sleep` waits, `exit` ends its thread.
const FAKE_RENDERER = `
export async function renderPage(input) {
  const { burn, sleep, exit } = input.items;
  if (exit) process.exit(1);
  if (sleep) await new Promise((r) => setTimeout(r, Number(sleep)));
  const until = Date.now() + Number(burn ?? 0);
  while (Date.now() < until);
  return { html: '<p id="drawn"></p>', state: {}, timings: { draw: 1, wait: 0, passes: 2 } };
}`;

const USERS = 10;

describe('drawn pages under load', () => {
  let db: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  const cookies: string[] = [];
  const prefs = (p: Record<string, string>) => `swb_prefs=${encodeURIComponent(JSON.stringify(p))}`;
  /** Whether the page came drawn. */
  const page = async (user: number, address: string, p: Record<string, string>) => {
    const res = await app.inject({
      method: 'GET',
      url: '/log',
      remoteAddress: address,
      headers: { cookie: `${cookies[user]}; ${prefs(p)}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body.includes('<p id="drawn">');
  };

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'swb-ssr-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    writeFileSync(
      join(dist, 'index.html'),
      '<html lang="zh"><head><script type="module" crossorigin src="/assets/index-x.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(ssrEntryOf(dist), FAKE_RENDERER);
    db = await openTestDb('sqlite');
    const built = await buildApp({ db: db.db, config: testConfig() });
    app = built.app;
    await bootstrapRoot(built.ctx);
    const password = await hashPassword('password123');
    for (let i = 0; i < USERS; i++)
      await insertReturningId(db.db, 'users', { username: `u${i}`, password, role: 1, group: 'default' });
    await registerWebConsole(app, dist, createConsoleRenderer(app, built.ctx, ssrEntryOf(dist)));
    await app.ready();
    for (let i = 0; i < USERS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: `u${i}`, password: 'password123' },
      });
      cookies.push(`session=${res.cookies.find((c) => c.name === 'session')!.value}`);
    }
    // The first page starts the drawing thread.
    expect(await page(0, '10.0.0.1', {})).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('draws off the event loop: the API answers at once while a page takes a second of CPU', async () => {
    const started = performance.now();
    const drawn = page(0, '10.0.0.1', { burn: '1000' });
    // On the event loop this timer, and the status call after it, would wait for the whole drawing.
    await new Promise((r) => setTimeout(r, 100));
    const status = await app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json().success).toBe(true);
    expect(performance.now() - started).toBeLessThan(800);
    expect(await drawn).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('draws at most 8 pages at a time; the rest come undrawn at once', async () => {
    const pages = Array.from({ length: USERS }, (_, i) => page(i, `10.0.1.${i}`, { sleep: '400' }));
    const drawn = await Promise.all(pages);
    expect(drawn.filter(Boolean)).toHaveLength(8);
  }, 20_000);

  it('draws at most 2 pages at a time for one user and 4 for one address', async () => {
    const user = await Promise.all([0, 1, 2].map((i) => page(3, `10.0.2.${i}`, { sleep: '400' })));
    expect(user.filter(Boolean)).toHaveLength(2);
    const address = await Promise.all([0, 1, 2, 3, 4].map((i) => page(i, '10.0.3.1', { sleep: '400' })));
    expect(address.filter(Boolean)).toHaveLength(4);
    // Bounds count pages in flight, not pages ever drawn.
    expect(await page(3, '10.0.2.0', {})).toBe(true);
    expect(await page(0, '10.0.3.1', {})).toBe(true);
  }, 20_000);

  it('serves the page undrawn when the drawing thread dies, and keeps answering', async () => {
    expect(await page(0, '10.0.4.1', { exit: '1' })).toBe(false);
    expect(await page(1, '10.0.4.2', {})).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().success).toBe(true);
  });
});
