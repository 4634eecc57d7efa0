import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/server-process.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { MAIL_CHECK_TIMEOUT_MS } from '../../notify/mailer.js';

/*
 * A mail the SMTP server will not take answers 200 {success:false, message: <the mailer's error>}, as new-api
 * does, within a bounded time, and alike for known and unknown addresses; never a 500.
 */

let t: TestApp;
let now = 1_800_000_000;
const servers: Server[] = [];
const sockets = new Set<Socket>();

/** A TCP server that speaks `greet` (or nothing at all) and then never answers again. */
async function tcpServer(greet?: string): Promise<number> {
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    if (greet) socket.write(greet);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const pointAt = async (port: number) => {
  await t.ctx.options.set('SMTPServer', '127.0.0.1');
  await t.ctx.options.set('SMTPPort', String(port));
  await t.ctx.options.set('SMTPFrom', 'gw@example.com');
};

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const { id } = await t.userWithRole(1, { username: 'known' });
  await t.ctx.db.updateTable('users').set({ email: 'known@example.com' }).where('id', '=', id).execute();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await t.close();
});

async function ask(path: string, email: string) {
  now += 3600;
  const started = Date.now();
  const res = await t.call({
    method: 'GET',
    url: `${path}?email=${encodeURIComponent(email)}`,
    headers: { 'accept-language': 'en' },
  });
  return { res, ms: Date.now() - started };
}

const ROUTES = ['/api/verification', '/api/reset_password'];
const ADDRESSES = ['known@example.com', 'nobody@example.com'];

describe('a mail the SMTP server will not take', () => {
  it("refused connection: 200 with the mailer's error, for every address alike", async () => {
    await pointAt(await freePort());
    for (const path of ROUTES)
      for (const email of ADDRESSES) {
        const { res } = await ask(path, email);
        expect(res.statusCode, path).toBe(200);
        expect(res.json()).toEqual({
          success: false,
          message: expect.stringMatching(/^failed to send the mail: .*ECONNREFUSED/),
        });
      }
  });

  it('a server that never greets: the same answer within the bound, not after 30 s', async () => {
    await pointAt(await tcpServer());
    for (const path of ROUTES) {
      const { res, ms } = await ask(path, 'known@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/^failed to send the mail: .*(greeting|timeout|no answer)/i);
      expect(ms).toBeLessThan(MAIL_CHECK_TIMEOUT_MS + 2000);
    }
  }, 40_000);

  it('a server that greets and then stalls: bounded too', async () => {
    await pointAt(await tcpServer('220 stalled.example ESMTP\r\n'));
    const { res, ms } = await ask('/api/reset_password', 'nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/^failed to send the mail: /);
    expect(ms).toBeLessThan(MAIL_CHECK_TIMEOUT_MS + 2000);
  }, 30_000);

  it('a server refusing the login: its own words', async () => {
    const { startSmtpSink } = await import('../../testing/smtp-sink.js');
    const sink = await startSmtpSink();
    try {
      await sink.configure(t.ctx);
      await t.ctx.options.set('SMTPAccount', 'gw');
      await t.ctx.options.set('SMTPToken', 'wrong');
      const { res } = await ask('/api/verification', 'fresh@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/^failed to send the mail: .*Invalid username or password/);
      expect(sink.mails).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });
});
