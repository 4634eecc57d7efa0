import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { bootstrapRoot } from '../modules/users/bootstrap.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { testConfig } from '../testing/test-app.js';
import { insertReturningId } from '../db/insert-id.js';
import { hashPassword } from '../modules/users/password.js';
import { createConsoleRenderer, readPrefs, scriptJson } from './console-ssr.js';
import { registerWebConsole, ssrEntryOf } from './web-console.js';

// A stand-in for the console's server build with its contract: it asks the API for the caller through the
// transport it is given and draws what it got, so the test sees the session, language and preferences arrive.
const FAKE_RENDERER = `
export async function renderPage(input) {
  if (input.items.fail) throw new Error('render failed');
  const res = await input.client.fetch('http://localhost/api/user/self', {
    headers: { ...input.client.headers, 'new-api-user': String(input.client.userId) },
  });
  const self = await res.json();
  return {
    html: '<p id="drawn">' + input.url + ' ' + input.lang + ' ' + self.data.username + ' ' + JSON.stringify(input.items) + '</p>',
    state: { evil: '</script><script>alert(1)</script><!--', amp: '&', line: '\\u2028' },
    timings: { draw: 1, wait: 2, passes: 2 },
  };
}`;

describe('console pages drawn on the server', () => {
  let db: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  const cookieOf = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    return `session=${res.cookies.find((c) => c.name === 'session')!.value}`;
  };

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'swb-ssr-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html lang="zh"><head><script type="module" crossorigin src="/assets/index-x.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime-y.js"></head>' +
        '<body><div id="root"></div></body></html>',
    );
    writeFileSync(ssrEntryOf(dist), FAKE_RENDERER);
    // The real build lives in packages/web, an ES module package.
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    db = await openTestDb('sqlite');
    const built = await buildApp({ db: db.db, config: testConfig() });
    app = built.app;
    await bootstrapRoot(built.ctx);
    await insertReturningId(db.db, 'users', {
      username: 'plain',
      password: await hashPassword('password123'),
      role: 1,
      group: 'default',
    });
    await registerWebConsole(app, dist, createConsoleRenderer(app, built.ctx, ssrEntryOf(dist)));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('draws a table screen for its signed-in user, with the data escaped and the page never cached', async () => {
    const cookie = await cookieOf('root', '123456');
    const prefs = encodeURIComponent(JSON.stringify({ i18nextLng: 'en', 'page-size-log': '20' }));
    const res = await app.inject({
      method: 'GET',
      url: '/log?page=2',
      headers: { cookie: `${cookie}; swb_prefs=${prefs}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['server-timing']).toMatch(
      /^page;dur=[\d.]+, draw;dur=1\.0;desc="2 passes", wait;dur=2\.0$/,
    );
    expect(res.body).toContain(
      '<div id="root"><div inert data-server-drawn><p id="drawn">/log?page=2 en root {"i18nextLng":"en","page-size-log":"20"}</p></div></div>',
    );
    const state = /<script type="application\/json" id="swb-state">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(state).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(state)).toEqual({
      evil: '</script><script>alert(1)</script><!--',
      amp: '&',
      line: '\u2028',
    });
    // Drawn in the mode the console last resolved (none stored: light), dropped if the system now says dark.
    expect(res.body).toContain("matches !== false) document.getElementById('root').replaceChildren()");
    // The console's entry starts after the drawn page is painted, from the end of the body.
    expect(res.body).toMatch(/^<html lang="en"><head><\/head><body><div id="root">/);
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).toContain('["/assets/runtime-y.js"].forEach(');
    expect(res.body).toMatch(
      /src: "\/assets\/index-x\.js" \}\); \} requestAnimationFrame.*<\/script><\/body><\/html>$/,
    );
    // Every inline script of the drawn page is allowed by its hash, and only those.
    const csp = String(res.headers['content-security-policy']);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
    const sources = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(sources.sort()).toEqual(["'self'", ...hashes].sort());
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('takes the language from Accept-Language when the console has not stored one', async () => {
    const cookie = await cookieOf('plain', 'password123');
    const res = await app.inject({
      method: 'GET',
      url: '/token',
      headers: { cookie, 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(res.body).toContain('/token en plain {}');
    const zh = await app.inject({ method: 'GET', url: '/token', headers: { cookie } });
    expect(zh.body).toContain('/token zh plain {}');
    const chosen = encodeURIComponent(JSON.stringify({ 'theme-mode': 'dark' }));
    const dark = await app.inject({
      method: 'GET',
      url: '/token',
      headers: { cookie: `${cookie}; swb_prefs=${chosen}` },
    });
    expect(dark.body).not.toContain('prefers-color-scheme');
  });

  it('leaves the page to the browser for visitors, non-admins on admin screens, other screens and failures', async () => {
    const plain = await cookieOf('plain', 'password123');
    const root = await cookieOf('root', '123456');
    const cases: Array<[string, string | undefined]> = [
      ['/log', undefined],
      ['/log', 'session=forged'],
      ['/channel', plain],
      ['/user', plain],
      ['/setting', root],
      ['/log/extra', root],
      ['/log', `${root}; swb_prefs=${encodeURIComponent('{"fail":"1"}')}`],
    ];
    for (const [url, cookie] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${cookie}`).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-x.js"></script>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const admin = await app.inject({ method: 'GET', url: '/channel', headers: { cookie: root } });
    expect(admin.body).toContain('<p id="drawn">/channel');
  });
});

describe('readPrefs and scriptJson', () => {
  it('keeps only a flat object of short strings', () => {
    expect(readPrefs('{"a":"1","b":2,"c":{"d":1}}')).toEqual({ a: '1' });
    expect(readPrefs('{"__proto__":"x","ok":"y"}')).toEqual({ ok: 'y' });
    expect(readPrefs('[1,2]')).toEqual({});
    expect(readPrefs('not json')).toEqual({});
    expect(readPrefs('x'.repeat(5000))).toEqual({});
    expect(readPrefs(JSON.stringify({ long: 'x'.repeat(201) }))).toEqual({});
    expect(readPrefs(undefined)).toEqual({});
  });

  it('writes JSON that cannot end its script element', () => {
    const text = scriptJson({ s: '</script>', c: '<!--', amp: 'a&b' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ s: '</script>', c: '<!--', amp: 'a&b' });
  });
});
