// The front door's one request handler: what the first taker (the relay's chat routes) takes never reaches
// Fastify, the rest does, whether the request comes from a socket or is injected in process.
import Fastify, { type FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrontDoor } from './front-door.js';

const limits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  perAddress: 0,
};
let door: FrontDoor;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  door = new FrontDoor(limits);
  app = Fastify({ serverFactory: door.serverFactory });
  app.all('/*', async (req) => `fastify ${req.url}`);
  door.first = (req, res) => {
    if (req.url !== '/taken') return false;
    res.end('first');
    return true;
  };
  door.upgrade = (req, socket) => {
    if (req.url !== '/ws') return false;
    socket.end('HTTP/1.1 418 Upgraded Elsewhere\r\nconnection: close\r\n\r\n');
    return true;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** What the server writes back to a raw request, until it closes the connection. */
function raw(request: string): Promise<string> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const upgrade = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`;

describe('FrontDoor', () => {
  it('hands a socket request to the first taker, and what it leaves to Fastify', async () => {
    expect(await (await fetch(`${base}/taken`)).text()).toBe('first');
    expect(await (await fetch(`${base}/left`)).text()).toBe('fastify /left');
  });

  it("injects in process through the same handler, while app.inject stays Fastify's own", async () => {
    expect((await door.inject(app, { method: 'GET', url: '/taken' })).body).toBe('first');
    expect((await door.inject(app, '/left')).body).toBe('fastify /left');
    expect((await app.inject({ method: 'GET', url: '/taken' })).body).toBe('fastify /taken');
  });

  it('hands an upgrade request to the upgrade taker, and answers what it leaves as an ordinary request', async () => {
    expect(await raw(upgrade('/ws'))).toMatch(/^HTTP\/1\.1 418 Upgraded Elsewhere\r\n/);
    const left = await raw(upgrade('/plain'));
    expect(left).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(left).toMatch(/\r\nconnection: close\r\n/i);
    expect(left.endsWith('fastify /plain')).toBe(true);
  });
});
