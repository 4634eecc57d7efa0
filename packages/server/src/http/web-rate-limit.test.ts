import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { testConfig } from '../testing/test-app.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { registerWebConsole } from './web-console.js';

function consoleDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'swb-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<html>console</html>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

describe('GLOBAL_WEB_RATE_LIMIT on the console', () => {
  let db: TestDb | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await db?.close();
  });

  async function serve(limit: Config['globalWebRateLimit']): Promise<FastifyInstance> {
    db = await openTestDb();
    ({ app } = await buildApp({ db: db.db, config: testConfig({ globalWebRateLimit: limit }) }));
    await registerWebConsole(app, consoleDist());
    await app.ready();
    return app;
  }

  it("counts the console's pages per address, however the path is spelt, and never its files or /api", async () => {
    const server = await serve({ enabled: true, count: 3, durationS: 180 });
    const get = (url: string, ip = '10.0.0.1') => server.inject({ method: 'GET', url, remoteAddress: ip });
    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/token')).statusCode).toBe(200);
    expect((await get('/log?p=2')).statusCode).toBe(200);
    const limited = await get('//token');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('180');
    expect((await get('/v1/unknown')).statusCode).toBe(429);
    // The console's files, cached for good and loaded by the dozen, are not counted; the API keeps its own
    // limit; another address has its own count.
    for (let i = 0; i < 5; i++) expect((await get('/assets/app.js')).statusCode).toBe(200);
    expect((await get('/api/status')).statusCode).toBe(200);
    expect((await get('/token', '10.0.0.2')).statusCode).toBe(200);
  });

  it('is off with GLOBAL_WEB_RATE_LIMIT_ENABLE=false', async () => {
    const server = await serve({ enabled: false, count: 1, durationS: 180 });
    for (let i = 0; i < 5; i++)
      expect((await server.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });
});
