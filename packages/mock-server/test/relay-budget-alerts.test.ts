import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, type MockServer } from '../src/index.js';

/** Spend alerts: 50, 80 and 100 % of a period budget, each once per period, to the user and to root. */
let mock: MockServer;
let receiver: Server;
let hookBase = '';
const hooks: { path: string; body: { type: string; title: string; content: string } }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString()) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  mock = await createMockServer({ seed: 29, webhookAllowPrivate: true });
  await mock.db
    .updateTable('users')
    .set({ setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `${hookBase}/root` }) })
    .where('role', '=', 100)
    .execute();
});
afterAll(async () => {
  await mock.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('spend alerts', { timeout: 60_000 }, () => {
  it('each threshold is sent once per period, to the user and to root', async () => {
    const name = `al${Math.random().toString(36).slice(2, 7)}`;
    const userId = await insertReturningId(mock.db, 'users', {
      username: name,
      password: 'x',
      quota: 100_000_000,
      setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `${hookBase}/${name}` }),
    });
    const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'a');
    await insertReturningId(mock.db, 'tokens', {
      user_id: userId,
      key,
      name,
      unlimited_quota: 1,
      period: 'day',
      period_requests: 10,
    });
    const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    // One batch per request: every batch after a threshold checks it again, and must not send it again.
    for (let i = 0; i < 10; i++) {
      await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
      });
      await mock.ctx.flush();
    }
    await expect(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 429 });
    await mock.ctx.flush();
    const deadline = Date.now() + 5000;
    while (hooks.filter((h) => h.path === `/${name}`).length < 3 && Date.now() < deadline) await sleep(50);
    await sleep(300);
    const mine = hooks.filter((h) => h.path === `/${name}`);
    expect(mine.map((h) => h.body.type)).toEqual(['budget_alert', 'budget_alert', 'budget_alert']);
    expect(mine.map((h) => h.body.title)).toEqual([
      `令牌 ${name}本周期预算已用 50%`,
      `令牌 ${name}本周期预算已用 80%`,
      `令牌 ${name}本周期预算已用 100%`,
    ]);
    expect(mine[2]!.body.content).toContain('10 / 10');
    const root = hooks.filter((h) => h.path === '/root' && h.body.title.includes(name));
    expect(root).toHaveLength(3);
    const rows = await mock.db.selectFrom('budget_alerts').selectAll().where('kind', '=', 't').execute();
    expect(rows.map((r) => r.threshold).sort()).toEqual([1050, 1080, 1100]);
  });
});
