import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWebConsole } from './web-console.js';

describe('registerWebConsole', () => {
  it('serves the built console with SPA fallback, long-cached assets, and JSON 404s for API paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'swb-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html>console</html>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = Fastify();
    expect(await registerWebConsole(app, dist)).toBe(true);
    const page = await app.inject({ method: 'GET', url: '/channel/edit/3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html>console</html>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.message).toBe('Invalid URL (GET /api/nothing)');
    // The router's other spellings of an API path are API paths too, not console pages.
    for (const url of ['//api/nothing', '/%61pi/nothing', '/v1//nothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message, url).toMatch(/^Invalid URL \(GET \/(api|v1)\/nothing\)$/);
    }
    const escape = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd.txt' });
    expect(escape.body).toBe('<html>console</html>');
    expect(await registerWebConsole(Fastify(), join(dist, 'missing'))).toBe(false);
  });

  it('titles every page with the SystemName option as it is now (Switchboard by default), escaped', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'swb-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><title>Switchboard</title></head><body></body></html>',
    );
    let name = 'Switchboard';
    const app = Fastify();
    await registerWebConsole(app, dist, undefined, undefined, () => name);
    const title = async () =>
      /<title>(.*)<\/title>/.exec((await app.inject({ method: 'GET', url: '/console/token' })).body)?.[1];
    expect(await title()).toBe('Switchboard');
    name = 'Acme <AI> & "Co"';
    expect(await title()).toBe('Acme &#60;AI&#62; &#38; &#34;Co&#34;');
    name = '$& $1 gateway';
    expect(await title()).toBe('$&#38; $1 gateway');
  });

  it('serves nothing from beside the build: not the server-side bundle, not a folder named like the build', async () => {
    // /srv/console with /srv/console.bak and /srv/dist-ssr beside it, as a deployment might have them.
    const srv = mkdtempSync(join(tmpdir(), 'swb-web-'));
    const dist = join(srv, 'console');
    for (const dir of [join(dist, 'assets'), join(srv, 'console.bak'), join(srv, 'dist-ssr')])
      mkdirSync(dir, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<html>console</html>');
    writeFileSync(join(srv, 'console.bak', 'secrets.json'), '{"secret":1}');
    writeFileSync(join(srv, 'dist-ssr', 'render-page.js'), 'export const serverSide = 1;');
    const app = Fastify();
    await registerWebConsole(app, dist);
    const attacks = [
      '/..%2Fdist-ssr%2Frender-page.js',
      '/..%2fconsole.bak%2fsecrets.json',
      '/%2e%2e/console.bak/secrets.json',
      '/assets/..%2F..%2Fdist-ssr%2Frender-page.js',
      '/assets/%2E%2E%2F%2E%2E%2Fconsole.bak%2Fsecrets.json',
    ];
    for (const url of attacks) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/serverSide|"secret"/);
      expect(String(res.headers['cache-control']), url).not.toContain('immutable');
    }
  });

  it('sends security headers: a CSP and no framing on pages, nosniff on everything, nothing more on API 404s', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'swb-web-'));
    mkdirSync(join(dist, 'assets'));
    const boot = 'globalThis.__zod_globalConfig = { jitless: true };';
    writeFileSync(
      join(dist, 'index.html'),
      `<html><head><script>${boot}</script></head><body>console</body></html>`,
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const features = { turnstile: false, telegram: false };
    const app = Fastify();
    await registerWebConsole(app, dist, undefined, () => features);
    for (const url of ['/', '/channel/edit/3', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      expect(page.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      // Scripts: the console's files and the page's own inline script by its hash; never any inline script.
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBeUndefined();
    // The widgets a site turns on bring their scripts; Telegram's evaluates its callback.
    features.turnstile = true;
    features.telegram = true;
    const widgets = String(
      (await app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'],
    );
    expect(widgets).toContain('https://challenges.cloudflare.com');
    expect(widgets).toMatch(/script-src [^;]*https:\/\/telegram\.org 'unsafe-eval'/);
    expect(widgets).toContain("connect-src 'self' https://oauth.telegram.org");
  });
});
