// What a client can make the server hold before it knows who the client is: connections, time and buffered
// bodies. Real sockets throughout, since these are properties of connections, not of requests.
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import { randomSuffix } from '@switchboard/sdk';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { insertReturningId } from '../db/insert-id.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const MB = 1024 * 1024;
const QUICK: Config['connections'] = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 400,
  perAddress: 0,
};

async function start(config: Partial<Config> = {}): Promise<MockServer> {
  mock = await createMockServer({ seed: 29, config });
  return mock;
}

interface Probe {
  socket: Socket;
  received: () => string;
  /** The client's port, recorded on connecting (a closed socket no longer knows it). */
  port: () => number | undefined;
  /** Milliseconds from opening until the server closed the connection. */
  closed: Promise<number>;
}

/** A raw connection that sends `head` and then whatever the test writes. */
function open(port: number, head = ''): Probe {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  let text = '';
  let localPort: number | undefined;
  socket.on('connect', () => (localPort = socket.localPort));
  socket.setEncoding('latin1');
  socket.on('data', (part: string) => (text += part));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  if (head) socket.write(head);
  return { socket, received: () => text, port: () => localPort, closed };
}

const post = (target: string, headers: Record<string, string | number>) =>
  `POST ${target} HTTP/1.1\r\nHost: switchboard\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

describe('the front door', () => {
  it(
    'closes connections whose headers or body do not arrive in time (408), and idle keep-alive ones',
    { timeout: 20_000 },
    async () => {
      const { port, credentials } = await start({ connections: QUICK });
      const json = { 'content-type': 'application/json', 'content-length': 900_000 };
      const key = { authorization: `Bearer ${credentials.apiKey}` };
      const headers = QUICK.headersTimeoutMs;
      const whole = QUICK.requestTimeoutMs;
      const probes: [string, Probe, number][] = [
        ['silent', open(port), headers],
        ['half the headers', open(port, 'POST /api/user/login HTTP/1.1\r\nHost: x\r\n'), headers],
        ['/api body stalled', open(port, post('/api/user/login', json) + '{"username":"'), whole],
        ['raw relay body', open(port, post('/v1/chat/completions', { ...json, ...key }) + '{"model'), whole],
        ['Fastify relay body', open(port, post('/v1/completions', { ...json, ...key }) + '{"model'), whole],
      ];
      for (const [label, probe, deadline] of probes) {
        const after = await probe.closed;
        expect(probe.received(), label).toMatch(/^HTTP\/1\.1 408 /);
        // Node looks for expired requests every quarter deadline here (every second at most).
        expect(after, label).toBeGreaterThanOrEqual(deadline - 20);
        expect(after, label).toBeLessThan(deadline + 1_500);
      }
      const idle = open(port, 'GET /api/status HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await idle.closed).toBeLessThan(3_000);
      expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
    },
  );

  it(
    'never cuts an answer streamed for longer than every deadline, with pauses longer than them',
    { timeout: 20_000 },
    async () => {
      const server = await start({ connections: QUICK });
      server.upstreams.openai.setChunkDelay(350);
      const started = Date.now();
      const res = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.credentials.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          max_tokens: 3,
          stream: true,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
      const text = await res.text();
      expect(text).toContain('data: [DONE]');
      expect(Date.now() - started).toBeGreaterThan(4 * QUICK.requestTimeoutMs);
    },
  );

  it(
    'answers a refused key 401 without reading the 10 MB body it announced',
    { timeout: 20_000 },
    async () => {
      const server = await start({ bodyLimit: 32 * MB });
      // By the client's port: a closed socket no longer knows its peer.
      const sockets = new Map<number | undefined, Socket>();
      server.app.server.on('connection', (s: Socket) => sockets.set(s.remotePort, s));
      const disabled = randomSuffix(48);
      const aliceId = server.credentials.users.alice.id;
      await insertReturningId(server.db, 'tokens', {
        user_id: aliceId,
        key: disabled,
        name: 'off',
        status: 2,
      });
      const json = 'application/json';
      const form = 'multipart/form-data; boundary=x';
      const cases: [string, string, Record<string, string>, RegExp][] = [
        ['/v1/chat/completions', json, {}, /^HTTP\/1\.1 401 /],
        ['/v1/chat/completions', json, { authorization: 'Bearer sk-short' }, /^HTTP\/1\.1 401 /],
        [
          '/v1/chat/completions',
          json,
          { authorization: `Bearer sk-${randomSuffix(48)}` },
          /^HTTP\/1\.1 401 /,
        ],
        ['/v1/chat/completions', json, { authorization: `Bearer sk-${disabled}` }, /^HTTP\/1\.1 401 /],
        [
          '/v1/audio/transcriptions',
          form,
          { authorization: `Bearer sk-${randomSuffix(48)}` },
          /^HTTP\/1\.1 401 /,
        ],
        [
          '/v1/messages',
          'text/plain',
          { 'x-api-key': `sk-${randomSuffix(48)}` },
          /^HTTP\/1\.1 401 [^]*"type":"error"/,
        ],
        ['/pg/chat/completions', json, {}, /^HTTP\/1\.1 401 /],
        ['/pg/chat/completions', json, { authorization: 'made-up', 'new-api-user': '1' }, /^HTTP\/1\.1 401 /],
        [
          '/v1/chat/completions',
          json,
          { authorization: `Bearer ${server.credentials.apiKey}`, big: '' },
          /^HTTP\/1\.1 413 /,
        ],
      ];
      for (const [target, type, headers, answer] of cases) {
        const { big, ...sent } = headers;
        const length = big === undefined ? 10 * MB : 40 * MB;
        const probe = open(
          server.port,
          post(target, { ...sent, 'content-type': type, 'content-length': length }),
        );
        await pump(probe, length);
        const label = `${target} ${JSON.stringify(headers)}`;
        expect(probe.received(), label).toMatch(answer);
        expect(sockets.get(probe.port())!.bytesRead, label).toBeLessThan(MB);
      }
    },
  );

  it('refuses an /api body over MAX_API_BODY_KB with 413, whatever the relay takes', async () => {
    const server = await start({ bodyLimit: 32 * MB, apiBodyLimit: MB });
    const login = (size: number) =>
      fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(size), password: 'y' }),
      });
    const big = await login(MB + 1);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { success: boolean }).success).toBe(false);
    expect((await login(MB - 100)).status).toBe(200);
  });

  it(
    'holds at most MAX_CONNECTIONS_PER_IP connections per address, closing the next as it opens',
    { timeout: 20_000 },
    async () => {
      const { port } = await start({ connections: { ...QUICK, keepAliveTimeoutMs: 60_000, perAddress: 3 } });
      const status = 'GET /api/status HTTP/1.1\r\nHost: x\r\n\r\n';
      const held = [open(port, status), open(port, status), open(port, status)];
      for (const probe of held) await until(() => probe.received().startsWith('HTTP/1.1 200'));
      const extra = open(port, status);
      await extra.closed;
      expect(extra.received()).toBe('');
      held[0]!.socket.destroy();
      await held[0]!.closed;
      const next = open(port, status);
      await until(() => next.received().startsWith('HTTP/1.1 200'));
      for (const probe of [...held, next]) probe.socket.destroy();
    },
  );
});

/** Writes up to `length` bytes of body as fast as the server takes them, until it closes the connection. */
async function pump(probe: Probe, length: number): Promise<void> {
  let open = true;
  void probe.closed.then(() => (open = false));
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = 0; open && sent < length; sent += chunk.length) {
    if (!probe.socket.write(chunk)) {
      await Promise.race([new Promise((r) => probe.socket.once('drain', r)), probe.closed]);
    }
  }
  await probe.closed;
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
