import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    const escape = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd.txt' });
    expect(escape.body).toBe('<html>console</html>');
    expect(await registerWebConsole(Fastify(), join(dist, 'missing'))).toBe(false);
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
});
