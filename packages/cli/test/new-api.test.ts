import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as na from '../../sdk/test/fixtures/new-api.js';
import { freshConfigDir, runCli } from './helpers/run-cli.js';

/**
 * A stand-in for a new-api 0.4.8 server: the SDK's replayed response bodies, with new-api's quirks (bare arrays
 * paged by a 0-based `p`, HTTP 200 `success:false` business errors, `New-Api-User` required with a token).
 */
function newApi(): Server {
  const ok = (data: unknown) => ({ success: true, message: '', data });
  const paged = (items: unknown[]) => ({ items, total: items.length, page: 1, page_size: 100 });
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const p = Number(url.searchParams.get('p') ?? 0);
    const send = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /api/status') return send(ok(na.status));
    if (route === 'GET /api/pricing') return send(na.pricing);
    if (req.headers['authorization'] !== 'na-token' || req.headers['new-api-user'] !== '7')
      return send({ success: false, message: '无权进行此操作，未登录且未提供 access token' }, 401);
    switch (route) {
      case 'GET /api/user/self':
        return send(ok(na.user));
      case 'GET /api/channel/':
        return send(ok(p === 0 ? [na.channel(1), na.channel(2, { status: 2, tag: 'old' })] : []));
      case 'GET /api/channel/5':
        return send({ success: false, message: 'record not found' });
      case 'GET /api/token/':
        return send(ok(p === 0 ? [na.token(1), na.token(2)] : []));
      case 'GET /api/redemption/':
        return send(ok(paged([na.redemption(1)])));
      case 'GET /api/user/':
        return send({ success: false, message: '无权进行此操作，权限不足' });
      case 'GET /api/log/':
        return send(ok(paged([na.log(2), na.log(1)])));
      case 'GET /api/log/stat':
        return send(ok({ quota: 300, rpm: 1, tpm: 150 }));
      case 'GET /api/option/':
        return send(
          ok([
            { key: 'RetryTimes', value: '3' },
            { key: 'DisplayInCurrencyEnabled', value: 'true' },
            { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075}' },
          ]),
        );
      case 'POST /api/channel/1/key':
        return send({ success: false, message: '404 page not found' }, 404);
    }
    send({ success: false, message: `no route ${route}` }, 404);
  });
}

let server: Server;
let env: Record<string, string>;
beforeAll(async () => {
  server = newApi();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env = {
    SWB_URL: `http://127.0.0.1:${port}`,
    SWB_TOKEN: 'na-token',
    SWB_USER: '7',
    SWB_CONFIG_DIR: freshConfigDir(),
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('read commands against new-api 0.4.8 response shapes', () => {
  it('lists channels from a bare array paged by p', async () => {
    const r = await runCli('channels list', { env });
    expect(r).toEqual({
      code: 0,
      stdout:
        '1\tchannel-1\tOpenAI\tenabled\tdefault\t0\t0\t\t-\n2\tchannel-2\tOpenAI\tdisabled\tdefault\t0\t0\told\t-\n',
      stderr: '',
    });
    expect(JSON.parse((await runCli('channels list --json id,openai_organization', { env })).stdout)).toEqual(
      [
        { id: 1, openai_organization: '' },
        { id: 2, openai_organization: '' },
      ],
    );
  });

  it('lists tokens masked, codes, logs and stats', async () => {
    const tokens = JSON.parse((await runCli('tokens list --json key', { env })).stdout) as { key: string }[];
    expect(tokens.map((t) => t.key)).toEqual(['sk-kkk…kk01', 'sk-kkk…kk02']);
    expect((await runCli('codes list', { env })).stdout).toMatch(
      /^1\tcode-1\tunused\t\$0\.20\td41d8c…427e\t/,
    );
    const logs = await runCli('logs list --json id,model_name', { env });
    expect(JSON.parse(logs.stdout)).toEqual([
      { id: 2, model_name: 'gpt-4o-mini' },
      { id: 1, model_name: 'gpt-4o-mini' },
    ]);
    expect((await runCli('logs stat', { env })).stdout).toBe('quota\t$0.00\nrpm\t1\ntpm\t150\n');
  });

  it('reads the user, the server and public pricing', async () => {
    expect((await runCli('whoami --json username,access_token', { env })).stdout).toBe(
      '{\n  "username": "alice",\n  "access_token": "Zm9vYm…cmdl"\n}\n',
    );
    const status = JSON.parse((await runCli('status --json', { env })).stdout);
    expect(status).toMatchObject({
      version: 'v0.4.8.9.6',
      system_name: 'New API',
      auth: 'ok',
      user: 'alice',
    });
    const pricing = await runCli('pricing', {
      env: { SWB_URL: env.SWB_URL!, SWB_CONFIG_DIR: env.SWB_CONFIG_DIR! },
    });
    expect(pricing.stdout).toBe(
      'dall-e-3\tper call\t0\t1\t$0.04\tdefault\ngpt-4o-mini\tper token\t0.075\t4\t-\tdefault,vip\n',
    );
  });

  it('maps HTTP 200 business errors to exit codes by message', async () => {
    const missing = await runCli('channels get 5', { env });
    expect(missing).toMatchObject({ code: 6, stderr: 'error: record not found\n' });
    const forbidden = await runCli('users list', { env });
    expect(forbidden.code).toBe(5);
    expect(forbidden.stderr).toContain('无权进行此操作，权限不足');
    const unauthenticated = await runCli('whoami', { env: { ...env, SWB_TOKEN: 'wrong' } });
    expect(unauthenticated.code).toBe(4);
  });

  it('exports and plans a round trip, even without the key endpoint', async () => {
    const exported = await runCli('export', { env });
    expect(exported.stdout).toContain('  RetryTimes: 3\n');
    expect(exported.stdout).toContain('  ModelRatio:\n    gpt-4o-mini: 0.075\n');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const dir = mkdtempSync(`${env.SWB_CONFIG_DIR}/gw-`);
    writeFileSync(`${dir}/same.yaml`, exported.stdout);
    expect((await runCli('plan -f same.yaml --detailed-exitcode', { env, cwd: dir })).code).toBe(0);
    writeFileSync(
      `${dir}/gw.yaml`,
      exported.stdout.replace('  - name: channel-1\n', '  - name: channel-1\n    key: ${env:K}\n'),
    );
    const plan = await runCli('plan -f gw.yaml --detailed-exitcode', {
      env: { ...env, K: 'sk-x' },
      cwd: dir,
    });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      'key: sent from ${env:K} (the server’s key cannot be read to compare (that needs root))',
    );
  });
});
