import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMockServer, setReplyScript, type MockServer } from '../src/index.js';
import { createDb } from '../src/server-api.js';
import { startRealtimeUpstream, type RealtimeUpstream } from '../src/upstreams/openai-realtime.js';
import { addChannel } from './helpers.js';
import { account, books, closed, next, realtimeClient, until, type AnyEvent } from './realtime-kit.js';

/**
 * How a realtime session reaches its upstream: the key as a subprotocol (browsers) or a header, refusals
 * answered in HTTP before the upgrade, Azure's URL and key, failover past a refusing channel, and per-call
 * prices. The same fake OpenAI realtime server stands behind every channel.
 */
let mock: MockServer;
let fake: RealtimeUpstream;

beforeAll(async () => {
  mock = await createMockServer({ seed: 265 });
  fake = await startRealtimeUpstream();
  await addChannel(mock, {
    name: 'openai-rt',
    type: 1,
    models: ['gpt-4o-realtime-preview'],
    baseUrl: fake.url,
  });
  await addChannel(mock, {
    name: 'azure-rt',
    type: 3,
    models: ['gpt-4o-mini-realtime-preview'],
    baseUrl: fake.url,
    other: '2024-10-01-preview',
    mapping: { 'gpt-4o-mini-realtime-preview': 'gpt-4o-mini-realtime.preview' },
  });
  // The higher tier refuses every handshake; the lower one answers.
  await addChannel(mock, {
    name: 'refusing',
    type: 1,
    models: ['gpt-4o-realtime-fallback'],
    baseUrl: fake.url,
    priority: 10,
    mapping: { 'gpt-4o-realtime-fallback': 'fail-503' },
  });
  await addChannel(mock, {
    name: 'answering',
    type: 1,
    models: ['gpt-4o-realtime-fallback'],
    baseUrl: fake.url,
  });
  await addChannel(mock, { name: 'per-call', type: 1, models: ['realtime-flat'], baseUrl: fake.url });
  const prices = JSON.parse(mock.ctx.options.get('ModelPrice')) as Record<string, number>;
  await mock.ctx.options.set('ModelPrice', JSON.stringify({ ...prices, 'realtime-flat': 0.05 }));
});
afterAll(async () => {
  await mock.close();
  await fake.close();
});
afterEach(() => fake.reset());

const wsUrl = (model: string) => `${mock.url.replace('http', 'ws')}/v1/realtime?model=${model}`;

/** The HTTP status and body a refused handshake got. */
function refused(url: string, headers: Record<string, string>): Promise<{ status: number; body: AnyEvent }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => reject(new Error('upgraded')));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
}

describe('realtime handshake', () => {
  it("takes the key from a browser's subprotocols and opens the upstream the same way", async () => {
    const ws = new WebSocket(wsUrl('gpt-4o-realtime-preview'), [
      'realtime',
      `openai-insecure-api-key.${mock.credentials.apiKey}`,
      'openai-beta.realtime-v1',
    ]);
    const created = new Promise<string>((resolve) => ws.once('message', (m) => resolve(String(m))));
    expect(JSON.parse(await created)).toMatchObject({ type: 'session.created' });
    expect(ws.protocol).toBe('realtime');
    const up = fake.sessions[0]!;
    expect(up.protocol).toBe('realtime');
    expect(String(up.headers['sec-websocket-protocol'])).toBe(
      'realtime,openai-insecure-api-key.key-openai-rt,openai-beta.realtime-v1',
    );
    expect(up.headers.authorization).toBeUndefined();
    ws.close();
  });

  it('sends a header-authenticated client upstream with Authorization and OpenAI-Beta', async () => {
    const rt = realtimeClient(mock, mock.credentials.apiKey, 'gpt-4o-realtime-preview');
    await next(rt, 'session.created');
    const up = fake.sessions[0]!;
    expect(up).toMatchObject({ path: '/v1/realtime', query: { model: 'gpt-4o-realtime-preview' } });
    expect(up.headers).toMatchObject({ authorization: 'Bearer key-openai-rt', 'openai-beta': 'realtime=v1' });
    rt.close();
  });

  it("refuses a bad key, a missing model and a model without a realtime channel in HTTP, OpenAI's shape", async () => {
    const auth = { authorization: mock.credentials.apiKey };
    expect(
      await refused(wsUrl('gpt-4o-realtime-preview'), { authorization: 'Bearer sk-wrong' }),
    ).toMatchObject({
      status: 401,
      body: { error: { type: 'new_api_error' } },
    });
    expect((await refused(`${mock.url.replace('http', 'ws')}/v1/realtime`, auth)).status).toBe(400);
    // Claude's channel cannot hold a realtime session.
    expect((await refused(wsUrl('claude-3-5-sonnet-20241022'), auth)).status).toBe(503);
    expect(fake.sessions).toHaveLength(0);
  });

  it('reaches Azure at /openai/realtime with the deployment (no dots), the API version and api-key', async () => {
    const rt = realtimeClient(mock, mock.credentials.apiKey, 'gpt-4o-mini-realtime-preview');
    await next(rt, 'session.created');
    const up = fake.sessions[0]!;
    expect(up).toMatchObject({
      path: '/openai/realtime',
      query: { deployment: 'gpt-4o-mini-realtimepreview', 'api-version': '2024-10-01-preview' },
    });
    expect(up.headers['api-key']).toBe('key-azure-rt');
    expect(up.headers.authorization).toBeUndefined();
    rt.close();
  });

  it('moves past a channel that refuses the handshake as RetryTimes allows, as chat requests do', async () => {
    const failed = realtimeClient(mock, mock.credentials.apiKey, 'gpt-4o-realtime-fallback');
    const error = next(failed, 'error');
    // No retries (the default): the refusal is the answer, as an error event, and the session ends.
    expect((await error).error).toMatchObject({ type: 'server_error' });
    expect((await closed(failed)).code).toBe(1011);
    await mock.ctx.options.set('RetryTimes', '1');
    const rt = realtimeClient(mock, mock.credentials.apiKey, 'gpt-4o-realtime-fallback');
    await next(rt, 'session.created');
    expect(fake.sessions.map((s) => s.query.model)).toEqual(['gpt-4o-realtime-fallback']);
    rt.send({ type: 'response.create', response: { modalities: ['text'] } });
    await next(rt, 'response.done');
    rt.close();
    await mock.ctx.options.set('RetryTimes', '0');
  });
});

describe('realtime prices', () => {
  it('charges a per-call price once per session, when something was answered', async () => {
    const who = await account(mock, 1_000_000);
    const rt = realtimeClient(mock, who.apiKey, 'realtime-flat');
    await next(rt, 'session.created');
    for (let i = 0; i < 2; i++) {
      rt.send({ type: 'response.create', response: { modalities: ['text'] } });
      await next(rt, 'response.done');
    }
    const end = closed(rt);
    rt.close();
    await end;
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.logs[0]).toMatchObject({ quota: 25_000, content: '模型价格 0.05，分组倍率 1.00' });
    expect(b.user.quota).toBe(1_000_000 - 25_000);
    // A session that answered nothing costs nothing.
    const idle = realtimeClient(mock, who.apiKey, 'realtime-flat');
    await next(idle, 'session.created');
    idle.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await books(mock, who.userId, who.tokenId)).logs).toHaveLength(1);
  });

  it('ends open sessions with 1001 when the server shuts down, billing the response cut short', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swb-rt-'));
    const other = await createMockServer({ seed: 266, dataDir: dir });
    setReplyScript({ words: 500, eventDelayMs: 5 });
    try {
      await addChannel(other, {
        name: 'rt',
        type: 1,
        models: ['gpt-4o-realtime-preview'],
        baseUrl: fake.url,
      });
      const who = await account(other, 5_000_000);
      const rt = realtimeClient(other, who.apiKey, 'gpt-4o-realtime-preview');
      await next(rt, 'session.created');
      rt.send({ type: 'response.create' });
      await next(rt, 'response.audio.delta');
      const end = closed(rt);
      await other.close();
      expect((await end).code).toBe(1001);
      const db = await createDb({ dialect: 'sqlite', url: join(dir, 'switchboard.db') });
      try {
        const logs = await db.selectFrom('logs').selectAll().where('user_id', '=', who.userId).execute();
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', who.userId)
          .executeTakeFirstOrThrow();
        expect(logs).toHaveLength(1);
        expect(logs[0]!.content).toContain('会话中断');
        expect(user.quota + logs[0]!.quota).toBe(5_000_000);
      } finally {
        await db.destroy();
      }
    } finally {
      setReplyScript({});
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An opened socket, or the HTTP status of a refused handshake. */
function openOrStatus(url: string, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => resolve(ws));
    ws.on('error', () => undefined);
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
  });
}

describe("realtime sessions and the token's caps", () => {
  it('counts an open session against max_concurrency and rpm_limit, refused in HTTP', async () => {
    const { tokenId, apiKey } = await account(mock, 10_000_000);
    await mock.db
      .updateTable('tokens')
      .set({ max_concurrency: 1, rpm_limit: 2 })
      .where('id', '=', tokenId)
      .execute();
    mock.ctx.events.emit('tokens', [tokenId]);
    const first = realtimeClient(mock, apiKey, 'gpt-4o-realtime-preview');
    await next(first, 'session.created');
    const second = await refused(wsUrl('gpt-4o-realtime-preview'), { authorization: `Bearer ${apiKey}` });
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: { code: 'token_concurrency_exceeded' } });
    first.close();
    await closed(first);
    // The first session's end frees its place (once the server has seen its socket close): the next one opens.
    let third: WebSocket | undefined;
    for (let i = 0; i < 40 && !third; i++) {
      const opened = await openOrStatus(wsUrl('gpt-4o-realtime-preview'), {
        authorization: `Bearer ${apiKey}`,
      });
      if (typeof opened === 'number') {
        expect(opened).toBe(429);
        await new Promise((r) => setTimeout(r, 50));
      } else third = opened;
    }
    expect(third).toBeDefined();
    third!.close();
    // ...and the one after is past the minute's two sessions.
    let fourth = await refused(wsUrl('gpt-4o-realtime-preview'), { authorization: `Bearer ${apiKey}` });
    for (let i = 0; i < 40 && fourth.body.error.code === 'token_concurrency_exceeded'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      fourth = await refused(wsUrl('gpt-4o-realtime-preview'), { authorization: `Bearer ${apiKey}` });
    }
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ error: { code: 'token_rpm_exceeded' } });
  });
});
