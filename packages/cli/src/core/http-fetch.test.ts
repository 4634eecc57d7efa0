import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
