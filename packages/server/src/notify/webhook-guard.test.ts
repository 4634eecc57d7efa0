import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicOnlyAgent, type LookupAll } from '../net/public-agent.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { quotaWarning } from './notification.js';
import { notifyUser } from './notify.js';
import { sendWebhook, webhookDispatcher, type WebhookPayload } from './webhook.js';

const payload: WebhookPayload = { type: 'quota_exceed', title: 't', content: 'c', timestamp: 1_700_000_000 };

/** DNS for `rebind.test`: public when the URL was saved, loopback when the server connects. */
const rebinding: LookupAll = (hostname, _options, callback) => {
  const answer: LookupAddress[] = hostname === 'rebind.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
  if (answer.length > 0) callback(null, answer);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

let t: TestApp;
let listener: Server;
let port = 0;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  t = await createTestApp();
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
  await t.close();
});
beforeEach(async () => {
  connections = 0;
  await t.ctx.options.set('WorkerUrl', '');
});

describe('webhooks to private addresses', () => {
  it('are refused before any connection, whatever the spelling of the address', async () => {
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '2130706433',
      '0x7f000001',
      '127.1',
      'localhost',
      '[::ffff:7f00:1]',
    ]) {
      await expect(
        sendWebhook(t.ctx, { url: `http://${host}:${port}/h`, secret: '' }, payload),
        host,
      ).rejects.toThrow(/is not a public address/);
    }
    expect(connections).toBe(0);
  });

  it('are refused at connect time when a saved name resolves to loopback later (DNS rebinding)', async () => {
    const agent = publicOnlyAgent({ lookup: rebinding });
    webhookDispatcher(t.ctx, agent);
    try {
      const u = await t.userWithRole(1);
      const url = `https://rebind.test:${port}/hook`;
      const saved = await t.call({
        method: 'PUT',
        url: '/api/user/setting',
        headers: u.headers,
        payload: { notify_type: 'webhook', quota_warning_threshold: 1000, webhook_url: url },
      });
      expect(saved.json()).toMatchObject({ success: true });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        expect(await notifyUser(t.ctx, u.id, quotaWarning(t.ctx, 10))).toBe('failed');
        expect(String(errors.mock.calls[0]?.[0])).toContain(
          'rebind.test resolves to 127.0.0.1, which is not a public address',
        );
      } finally {
        errors.mockRestore();
      }
      expect(connections).toBe(0);
    } finally {
      await agent.close();
    }
  });

  it('are refused through the worker too, while the operator-set worker itself may be on loopback', async () => {
    await t.ctx.options.set('WorkerUrl', `http://127.0.0.1:${port}/worker`);
    await expect(
      sendWebhook(t.ctx, { url: 'https://169.254.169.254/latest/meta-data', secret: '' }, payload),
    ).rejects.toThrow(/169\.254\.169\.254 is not a public address/);
    expect(connections).toBe(0);
    await sendWebhook(t.ctx, { url: 'https://hooks.example.com/in', secret: '' }, payload);
    expect(connections).toBe(1);
  });
});
