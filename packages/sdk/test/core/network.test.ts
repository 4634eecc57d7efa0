import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/core/http.js';
import { ConnectionError, TimeoutError, UserAbortError } from '../../src/core/errors.js';
import type { RouteDescriptor } from '../../src/core/route.js';

const status: RouteDescriptor = { method: 'GET', path: '/api/status', summary: '', auth: 'none' };
const servers: Server[] = [];

function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function closedPort(): Promise<string> {
  const url = await listen(() => undefined);
  const server = servers.pop()!;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('network failures (real loopback sockets)', () => {
  it('raises ConnectionError when the port refuses connections', async () => {
    const http = new HttpClient({ baseUrl: await closedPort(), maxRetries: 0 });
    const error = await http.call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as ConnectionError).message).toMatch(/ECONNREFUSED/);
  });

  it('retries connection errors on GET before giving up', async () => {
    let hits = 0;
    const url = await listen((req) => {
      hits++;
      req.socket.destroy();
    });
    const http = new HttpClient({ baseUrl: url, maxRetries: 2 });
    await expect(http.call(status)).rejects.toBeInstanceOf(ConnectionError);
    expect(hits).toBe(3);
  });

  it('raises TimeoutError when the server is slower than timeoutMs', async () => {
    const url = await listen((_req, res) => {
      setTimeout(() => res.end('{"success":true}'), 2_000).unref();
    });
    const http = new HttpClient({ baseUrl: url, timeoutMs: 100, maxRetries: 0 });
    const started = Date.now();
    const error = await http.call(status).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('raises UserAbortError when the caller aborts, without retrying', async () => {
    let hits = 0;
    const url = await listen(() => {
      hits++;
    });
    const http = new HttpClient({ baseUrl: url, maxRetries: 2 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(http.call(status, { options: { signal: controller.signal } })).rejects.toBeInstanceOf(
      UserAbortError,
    );
    expect(hits).toBe(1);
  });

  it('talks to a real server: headers arrive and the envelope is unwrapped', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    const url = await listen((req, res) => {
      seen = req.headers;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, message: '', data: { version: 'v0.4.8.9.6' } }));
    });
    const http = new HttpClient({ baseUrl: url, accessToken: 'abc', userId: 1 });
    await expect(http.call(status)).resolves.toEqual({ version: 'v0.4.8.9.6' });
    expect(seen['new-api-user']).toBe('1');
    expect(seen['authorization']).toBe('abc');
  });
});
