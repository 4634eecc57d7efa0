// The console's real server build (Vite), drawing for several callers in one process: nothing one caller's
// render produced may appear in a page drawn for another (issue 29, item 5: a failed query's error toast was
// kept in a module-wide notifier and drawn into every later page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, WEB_DIST } from '../../../../scripts/build-web.mjs';
import { buildApp } from '../app.js';
import { insertReturningId } from '../db/insert-id.js';
import { bootstrapRoot } from '../modules/users/bootstrap.js';
import { hashPassword } from '../modules/users/password.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { testConfig } from '../testing/test-app.js';
import { createConsoleRenderer } from './console-ssr.js';
import { registerWebConsole, ssrEntryOf } from './web-console.js';

/** The messages of the toasts a drawn page shows. */
function toasts(html: string): string[] {
  return [...html.matchAll(/data-testid="toast"[^>]*>([\s\S]*?)<\/div><div class="MuiAlert-action/g)].map(
    (m) => m[1]!.replace(/<[^>]+>/g, ''),
  );
}

describe('console pages drawn for several callers', () => {
  let db: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  const cookieOf = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    return `session=${res.cookies.find((c) => c.name === 'session')!.value}`;
  };
  const page = async (url: string, cookie: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.body, url).toContain('data-server-drawn');
    return res.body;
  };

  beforeAll(async () => {
    await buildWeb({ quiet: true });
    db = await openTestDb('sqlite');
    const built = await buildApp({ db: db.db, config: testConfig() });
    app = built.app;
    await bootstrapRoot(built.ctx);
    for (const username of ['alice', 'bob'])
      await insertReturningId(db.db, 'users', {
        username,
        password: await hashPassword('password123'),
        role: 1,
        group: 'default',
      });
    await registerWebConsole(app, WEB_DIST, createConsoleRenderer(app, built.ctx, ssrEntryOf(WEB_DIST)));
    await app.ready();
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it("shows a caller's failed queries in their own page only, never in a later caller's", async () => {
    const alice = await cookieOf('alice', 'password123');
    const own = [...toasts(await page('/log?size=-1', alice)), ...toasts(await page('/log?type=99', alice))];
    // Alice's own pages do show what went wrong for her.
    expect(own.length).toBeGreaterThan(0);
    const bob = await cookieOf('bob', 'password123');
    const root = await cookieOf('root', '123456');
    for (const [url, cookie] of [
      ['/log', bob],
      ['/token', bob],
      ['/log', root],
      ['/channel', root],
    ] as const) {
      const html = await page(url, cookie);
      expect(toasts(html), url).toEqual([]);
      for (const message of own) expect(html, url).not.toContain(message);
    }
    // Six real pages; on a busy 2-core machine each can take a second.
  }, 60_000);
});
