import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, type MockServer } from '../src/index.js';

/** Long enough for a background webhook on loopback to arrive, if one was (wrongly) sent. */
const QUIET_MS = 300;

interface Hook {
  path: string;
  signature: string | undefined;
  raw: string;
}

let mock: MockServer;
let receiver: Server;
let hookBase = '';
const hooks: Hook[] = [];
const hooksAt = (path: string) => hooks.filter((h) => h.path === path);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const signature = req.headers['x-webhook-signature'];
      hooks.push({
        path: req.url ?? '',
        signature: signature as string | undefined,
        raw: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  mock = await createMockServer({ seed: 5, webhookAllowPrivate: true });
  await mock.ctx.options.set('ServerAddress', 'https://gw.example.com/');
});
afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A user notified by webhook at `/<name>` below `threshold`, with `quota` and one unlimited token. */
async function account(quota: number, threshold: number) {
  const name = `n${Math.random().toString(36).slice(2, 8)}`;
  const setting = {
    notify_type: 'webhook',
    quota_warning_threshold: threshold,
    webhook_url: `${hookBase}/${name}`,
    webhook_secret: `secret-${name}`,
  };
  const userId = await insertReturningId(mock.db, 'users', {
    username: name,
    password: 'x',
    quota,
    setting: JSON.stringify(setting),
  });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'x');
  await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name, unlimited_quota: 1 });
  const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { userId, path: `/${name}`, secret: setting.webhook_secret, client };
}

const ask = (client: OpenAI, model = 'gpt-4o-mini') =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'One line please' }] });

const quotaOf = async (id: number) => {
  await mock.ctx.flush();
  const row = await mock.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.quota;
};

describe('quota warning through the relay', () => {
  it('calls the webhook exactly once when a request takes the balance below the threshold', async () => {
    // The cost of one request, measured on a rich account.
    const probe = await account(10_000_000, 1);
    await ask(probe.client);
    const cost = 10_000_000 - (await quotaOf(probe.userId));
    expect(cost).toBeGreaterThan(1);

    const threshold = 200_000;
    const user = await account(threshold + Math.floor(cost / 2), threshold);
    await ask(user.client);
    await vi.waitFor(() => expect(hooksAt(user.path)).toHaveLength(1));
    const [hook] = hooksAt(user.path);
    expect(hook!.signature).toBe(createHmac('sha256', user.secret).update(hook!.raw).digest('hex'));
    const remaining = await quotaOf(user.userId);
    expect(remaining).toBe(threshold + Math.floor(cost / 2) - cost);
    const shown = `$${(remaining / 500_000).toFixed(6)}`;
    const link = 'https://gw.example.com/topup';
    expect(JSON.parse(hook!.raw)).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: `您的额度即将用尽，当前剩余额度为 ${shown}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='${link}'>${link}</a>`,
      values: ['您的额度即将用尽', shown, link, link],
      timestamp: expect.any(Number),
    });

    // Already below: the next request does not cross again, so no second call.
    await ask(user.client);
    await sleep(QUIET_MS);
    expect(hooksAt(user.path)).toHaveLength(1);
    expect(hooksAt(probe.path)).toHaveLength(0);
  });

  it('stays silent for a request that leaves the balance above the threshold', async () => {
    const user = await account(5_000_000, 200_000);
    await ask(user.client);
    await ask(user.client);
    await sleep(QUIET_MS);
    expect(await quotaOf(user.userId)).toBeLessThan(5_000_000);
    expect(hooksAt(user.path)).toHaveLength(0);
  });
});

describe('channel auto-disable through the relay', () => {
  it("notifies root's webhook with the channel name and the reason", async () => {
    const root = mock.credentials.users.root;
    await mock.db
      .updateTable('users')
      .set({ setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `${hookBase}/root` }) })
      .where('id', '=', root.id)
      .execute();
    await mock.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const ratios = JSON.parse(mock.ctx.options.get('ModelRatio'));
    await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, 'fail-401': 1 }));
    const channel = mock.credentials.channels.find((c) => c.models.includes('fail-401'))!;

    const client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    await expect(ask(client, 'fail-401')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(hooksAt('/root')).toHaveLength(1));
    const row = await mock.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', channel.id)
      .executeTakeFirst();
    expect(row!.status).toBe(3);
    const body = JSON.parse(hooksAt('/root')[0]!.raw);
    expect(body).toMatchObject({
      type: 'channel_update',
      title: `通道「${channel.name}」（#${channel.id}）已被禁用`,
    });
    expect(body.content).toMatch(
      new RegExp(`^通道「${channel.name}」（#${channel.id}）已被禁用，原因：status code 401: `),
    );
    expect(body.values).toEqual([channel.name, channel.id, expect.stringMatching(/^status code 401: /)]);
  });
});
