// The front door's one request handler: what the first taker (the relay's chat routes) takes never reaches
// Fastify, the rest does, whether the request comes from a socket or is injected in process.
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

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
});
