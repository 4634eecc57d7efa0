import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { insertReturningId, publicOnlyAgent, webhookDispatcher } from '../src/server-api.js';

/** Plays a DNS whose answer for `rebind.test` turned to loopback after the URL was saved. */
const rebinding = (
  hostname: string,
  _options: unknown,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => {
  if (hostname === 'rebind.test') callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

let mock: MockServer;
let listener: Server;
let port = 0;
let connections = 0;
const sockets = new Set<Socket>();
const agent = publicOnlyAgent({ lookup: rebinding });

beforeAll(async () => {
  listener = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  // WEBHOOK_ALLOW_PRIVATE left off, as in production.
  mock = await createMockServer({ seed: 6 });
  webhookDispatcher(mock.ctx, agent);
});
afterAll(async () => {
  await mock.close();
  await agent.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => listener.close(resolve));
});

/** A user just above `threshold`, notified by webhook at `url` (stored directly, as before the guard existed). */
async function account(url: string, threshold: number) {
  const name = `p${Math.random().toString(36).slice(2, 8)}`;
  const setting = { notify_type: 'webhook', quota_warning_threshold: threshold, webhook_url: url };
  const userId = await insertReturningId(mock.db, 'users', {
    username: name,
    password: 'x',
    quota: threshold + 1,
    setting: JSON.stringify(setting),
  });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'x');
  await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name, unlimited_quota: 1 });
  return { userId, client: new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 }) };
}

describe('quota warning to a private webhook', () => {
  it('makes no connection to loopback, however the address is written or resolved', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const urls = [
        `http://127.0.0.1:${port}/a`,
        `https://[::ffff:7f00:1]:${port}/b`,
        `https://2130706433:${port}/c`,
        `https://rebind.test:${port}/d`,
      ];
      const users = await Promise.all(urls.map((url) => account(url, 200_000)));
      for (const { client } of users) {
        await client.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'One line please' }],
        });
      }
      const failures = () =>
        errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('quota_exceed'));
      await vi.waitFor(() => expect(failures()).toHaveLength(users.length), { timeout: 5000 });
      for (const [i, { userId }] of users.entries()) {
        expect(
          failures().find((m) => m.includes(`to user ${userId} failed`)),
          urls[i],
        ).toMatch(/is not a public address|which is not a public address/);
      }
      expect(connections).toBe(0);
    } finally {
      errors.mockRestore();
    }
  });
});
