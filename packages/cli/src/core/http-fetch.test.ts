import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RedirectRefusedError } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listen,
  ok,
  redirect,
  selfSignedCert,
  trustingTls,
  type LocalServer,
} from '../../../sdk/test/helpers/local-servers.js';
import { runCli } from '../../test/helpers/run-cli.js';
import { ExitCode } from './errors.js';
import { httpFetch } from './http-fetch.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') return res.writeHead(302, { location: '/echo?from=moved' }).end();
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
      setTimeout(() => res.end('data: 2\n\n'), 50);
      return;
    }
    if (req.url === '/hang') return;
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body, auth: req.headers['authorization'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('httpFetch', () => {
  it('sends method, headers and body and answers a Response with every set-cookie', async () => {
    const res = await httpFetch(`${base}/echo`, {
      method: 'PUT',
      headers: { Authorization: 'tok' },
      body: '{"x":1}',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ method: 'PUT', url: '/echo', body: '{"x":1}', auth: 'tok' });
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('follows redirects as fetch does (a POST continues as a GET)', async () => {
    const res = await httpFetch(new URL(`${base}/moved`), { method: 'POST', body: 'x' });
    expect(await res.json()).toMatchObject({ method: 'GET', url: '/echo?from=moved', body: '' });
  });

  it('streams event streams as they arrive', async () => {
    const res = await httpFetch(`${base}/events`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: 1\n\n');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: 2\n\n');
  });

  it('rejects like fetch: the abort reason, or a TypeError caused by the socket error', async () => {
    const controller = new AbortController();
    const hanging = httpFetch(`${base}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(hanging).rejects.toMatchObject({ name: 'AbortError' });
    const refused = await httpFetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('httpFetch redirects: credentials stay with the server they were meant for', () => {
  let other: LocalServer;
  let api: LocalServer;
  let secure: LocalServer;
  beforeAll(async () => {
    other = await listen((_req, res) => ok(res));
    secure = await listen((req, res) => {
      if (req.url === '/down') return redirect(res, 302, `${api.url}/echo`);
      ok(res, { auth: req.headers['authorization'] ?? null });
    }, selfSignedCert());
    api = await listen((req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/away/')) return redirect(res, 307, `${other.url}${url.slice(5)}`);
      if (url === '/found') return redirect(res, 302, `${other.url}/landing`);
      if (url === '/up') return redirect(res, 308, `${secure.url}/landed`);
      ok(res, { id: 1, username: 'root', access_token: 'tok' });
    });
  });
  afterAll(() => Promise.all([other, api, secure].map((s) => s.close())));

  const refusal = (error: unknown) => (error as TypeError).cause;
  const credentials = { authorization: 'tok-secret', 'new-api-user': '1', cookie: 'session=s3cret' };

  it('refuses a 307 to another origin: no password, no token, no request at all', async () => {
    const error = await httpFetch(`${api.url}/away/api/user/login`, {
      method: 'POST',
      headers: { ...credentials, 'content-type': 'application/json' },
      body: '{"username":"root","password":"hunter2-password"}',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(refusal(error)).toBeInstanceOf(RedirectRefusedError);
    expect(other.seen).toEqual([]);
  });

  it('refuses a 302 GET to another origin too (it would fail there without the credentials)', async () => {
    const error = await httpFetch(`${api.url}/found`, { headers: credentials }).catch((e: unknown) => e);
    expect(refusal(error)).toBeInstanceOf(RedirectRefusedError);
    expect(other.seen).toEqual([]);
  });

  it('applies the same rules on the global-fetch path (bodies it cannot send itself)', async () => {
    const form = new FormData();
    form.set('password', 'hunter2-password');
    const error = await httpFetch(`${api.url}/away/upload`, {
      method: 'POST',
      headers: credentials,
      body: form,
    }).catch((e: unknown) => e);
    expect(refusal(error)).toBeInstanceOf(RedirectRefusedError);
    expect(other.seen).toEqual([]);
  });

  it('refuses https to http, and follows http to https on the same host', async () => {
    const before = api.seen.length;
    const down = await trustingTls(() =>
      httpFetch(`${secure.url}/down`, { headers: credentials }).catch((e: unknown) => e),
    );
    expect((refusal(down) as Error).message).toMatch(
      /to http:\/\/127\.0\.0\.1:\d+: it would send the request unencrypted/,
    );
    expect(api.seen.length).toBe(before);
    const up = await trustingTls(() => httpFetch(`${api.url}/up`, { headers: credentials }));
    expect(await up.json()).toEqual({ success: true, message: '', data: { auth: 'tok-secret' } });
  });

  it('swb api, which calls httpFetch directly, refuses it too', async () => {
    const env = { SWB_URL: api.url, SWB_TOKEN: 'tok-secret', SWB_USER: '1' };
    const r = await runCli(['api', 'GET', '/found'], { env });
    expect(r.code).toBe(ExitCode.Network);
    expect(r.stderr).toContain('another server would receive the credentials');
    expect(other.seen).toEqual([]);
  });

  it('swb login stops at a redirect to another origin and says why', async () => {
    const r = await runCli(['login', '--url', `${api.url}/away`, '--user', 'root'], {
      env: { SWB_PASSWORD: 'hunter2-password' },
    });
    expect(r.code).toBe(ExitCode.Network);
    expect(r.stderr).toContain(`refused a redirect from ${api.url} to ${other.url}`);
    expect(other.seen).toEqual([]);
  });
});
