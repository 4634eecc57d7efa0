import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicLookup, publicOnlyAgent, type LookupAll } from './public-agent.js';

/** A resolver for test names only: nothing here reaches a real DNS server. */
const answers: Record<string, LookupAddress[]> = {
  'rebind.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'public.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
  ],
};
const fakeDns: LookupAll = (hostname, _options, callback) => {
  const found = answers[hostname];
  if (found) callback(null, found);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

let listener: Server;
let port = 0;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => listener.close(resolve));
});
beforeEach(() => {
  connections = 0;
});

describe('publicOnlyAgent', () => {
  const agent = publicOnlyAgent({ lookup: fakeDns });
  afterAll(() => agent.close());
  const post = (url: string) => request(url, { method: 'POST', body: '{}', dispatcher: agent });

  it('refuses a name that resolves to loopback at connect time, before any connection', async () => {
    await expect(post(`http://rebind.test:${port}/hook`)).rejects.toThrow(
      'rebind.test resolves to 127.0.0.1, which is not a public address',
    );
    await expect(post(`https://rebind.test:${port}/hook`)).rejects.toMatchObject({
      code: 'ERR_PRIVATE_ADDRESS',
    });
    await expect(post(`http://mapped.test:${port}/`)).rejects.toThrow(/not a public address/);
    expect(connections).toBe(0);
  });

  it('refuses literal private addresses in any spelling (no lookup runs for them)', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '[::1]',
      '[::ffff:7f00:1]',
    ]) {
      await expect(post(`http://${host}:${port}/`), host).rejects.toThrow(/is not a public address/);
    }
    expect(connections).toBe(0);
  });

  it('proves the listener is reachable without the guard', async () => {
    const res = await request(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' });
    await res.body.dump();
    expect(res.statusCode).toBe(204);
    expect(connections).toBe(1);
  });
});

describe('publicLookup', () => {
  const resolve = (host: string, all: boolean) =>
    new Promise<unknown>((done) => {
      publicLookup(fakeDns)(host, { all }, (err, address, family) => done(err ?? { address, family }));
    });

  it('answers public names in both callback forms', async () => {
    expect(await resolve('public.test', false)).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await resolve('public.test', true)).toEqual({
      address: answers['public.test'],
      family: undefined,
    });
  });

  it('refuses a name with any private address among its answers, and passes resolver errors on', async () => {
    expect(await resolve('mixed.test', true)).toMatchObject({
      message: 'mixed.test resolves to 10.0.0.7, which is not a public address',
    });
    expect(await resolve('nowhere.test', false)).toMatchObject({ code: 'ENOTFOUND' });
  });
});
