import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelStatus, ChannelType, LogType } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannels } from './channel-test-kit.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

/** Canned answers of a fake upstream, by method and path; `/bad` bases always reject the key. */
function answer(req: IncomingMessage): { status: number; body: unknown } {
  const path = (req.url ?? '').split('?')[0]!;
  if (path.startsWith('/bad/')) {
    return {
      status: 401,
      body: { error: { message: 'Incorrect API key', type: 'x', code: 'invalid_api_key' } },
    };
  }
  const routes: Record<string, unknown> = {
    'POST /ok/v1/chat/completions': {
      id: 'c1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 8, completion_tokens: 2, total_tokens: 10 },
    },
    'POST /ok/v1/embeddings': { data: [{ embedding: [0.1] }], usage: { prompt_tokens: 2 } },
    'GET /ok/v1/models': { data: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }, { id: 'gpt-4o' }] },
    'GET /ok/dashboard/billing/subscription': { hard_limit_usd: 120 },
    'GET /ok/dashboard/billing/usage': { total_usage: 2050 },
    'GET /claude/v1/models':
      req.headers['x-api-key'] === 'sk-a' ? { data: [{ id: 'claude-3-5-haiku' }] } : null,
    'GET /gemini/v1beta/models':
      req.headers['x-goog-api-key'] === 'g-key' ? { models: [{ name: 'models/gemini-1.5-pro' }] } : null,
  };
  const body = routes[`${req.method} ${path}`];
  return body ? { status: 200, body } : { status: 404, body: { error: { message: 'not found' } } };
}

describe('channel operations', () => {
  let t: TestApp;
  let admin: Caller;
  let user: Caller;
  let upstream: Server;
  let base = '';

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      req.resume().on('end', () => {
        const { status, body } = answer(req);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await createTestApp();
    admin = await t.root();
    user = await t.userWithRole(1);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const channel = async (over: Record<string, unknown> = {}) =>
    (await createChannels(t, admin, { base_url: `${base}/ok`, ...over }))[0]!;
  const get = (url: string, caller = admin) => t.call({ method: 'GET', url, headers: caller.headers });
  const row = (id: number) =>
    t.ctx.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tests a channel: top-level result, test fields and a free test log', async () => {
    const id = await channel({ models: 'gpt-4o-mini' });
    const res = await get(`/api/channel/test/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '' });
    expect(typeof res.json().time).toBe('number');
    expect((await row(id)).test_time).toBeGreaterThan(0);
    const log = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('channel_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: 1, type: LogType.Consume, content: '模型测试', quota: 0 });
    expect(log.prompt_tokens).toBe(8);
  });

  it('tests embedding models through /v1/embeddings', async () => {
    const id = await channel({ models: 'text-embedding-3-small' });
    expect((await get(`/api/channel/test/${id}`)).json()).toMatchObject({ success: true });
  });

  it('reports a failing test and disables the channel when the rules say so', async () => {
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const id = await channel({ base_url: `${base}/bad` });
    const res = await get(`/api/channel/test/${id}?model=gpt-4o`);
    expect(res.json()).toMatchObject({ success: false, message: 'Incorrect API key' });
    expect((await row(id)).status).toBe(ChannelStatus.AutoDisabled);
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  it('re-enables an automatically disabled channel that passes, never a manually disabled one', async () => {
    await t.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
    const auto = await channel();
    const manual = await channel();
    await t.ctx.db.updateTable('channels').set({ status: 3 }).where('id', '=', auto).execute();
    await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', manual).execute();
    t.ctx.events.emit('channels', []);
    await get(`/api/channel/test/${auto}`);
    await get(`/api/channel/test/${manual}`);
    expect((await row(auto)).status).toBe(ChannelStatus.Enabled);
    expect((await row(manual)).status).toBe(ChannelStatus.ManuallyDisabled);
  });

  it('tests every channel in the background, one run at a time', async () => {
    const id = await channel();
    expect((await get('/api/channel/test')).json()).toMatchObject({ success: true });
    const again = await get('/api/channel/test');
    expect(again.statusCode).toBe(200);
    expect(again.json().success).toBe(false);
    expect(again.json()).toEqual({ success: false, message: '测试已在运行中' });
    await expect.poll(async () => (await row(id)).test_time, { timeout: 5000 }).toBeGreaterThan(0);
  });

  it('fetches OpenAI, Anthropic and Gemini model lists', async () => {
    const id = await channel();
    expect((await get(`/api/channel/fetch_models/${id}`)).json()).toEqual({
      success: true,
      message: '',
      data: ['gpt-4o', 'gpt-4o-mini'],
    });
    const post = (payload: object) =>
      t.call({ method: 'POST', url: '/api/channel/fetch_models', headers: admin.headers, payload });
    const claude = await post({ base_url: `${base}/claude`, type: ChannelType.Anthropic, key: 'sk-a' });
    expect(claude.json().data).toEqual(['claude-3-5-haiku']);
    const gemini = await post({ base_url: `${base}/gemini/`, type: ChannelType.Gemini, key: 'g-key' });
    expect(gemini.json().data).toEqual(['gemini-1.5-pro']);
    const bad = await post({ base_url: `${base}/bad`, type: ChannelType.OpenAI, key: 'sk-x' });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().message).toContain('Incorrect API key');
    expect((await post({ base_url: base, type: 1 })).statusCode).toBe(400);
  });

  it('a key no HTTP header can carry: 400 naming the field on fetch_models, a plain failure elsewhere', async () => {
    const post = (payload: object) =>
      t.call({
        method: 'POST',
        url: '/api/channel/fetch_models',
        headers: { ...admin.headers, 'accept-language': 'en' },
        payload,
      });
    const nonAscii = ['sk-😀', 'sk-a\u200fb', 'sk-\u00e9', 'ключ', 'sk-\u202e'];
    for (const type of [ChannelType.OpenAI, ChannelType.Anthropic, ChannelType.Gemini, ChannelType.Azure])
      for (const key of [...nonAscii, 'sk-a\u0000b', 'sk-a\u007f']) {
        const res = await post({ base_url: `${base}/ok`, type, key });
        expect([res.statusCode, JSON.stringify(key)]).toEqual([400, JSON.stringify(key)]);
        expect(res.json().success).toBe(false);
        // Control characters are refused by the body's own check; the rest by the header's.
        expect(res.json().message).toMatch(
          nonAscii.includes(key)
            ? /^invalid request parameter key: it holds characters an HTTP header cannot carry/
            : /key/,
        );
      }
    // A stored channel with such a key (written before, or through a path that does not look): the same 400 on
    // fetch_models, and the test and the balance answer a failure, never a 500.
    const id = await channel();
    await t.ctx.db
      .updateTable('channels')
      .set({ key: t.ctx.secrets.seal('sk-😀') })
      .where('id', '=', id)
      .execute();
    t.ctx.events.emit('channels', [id]);
    await expect
      .poll(async () => (await get(`/api/channel/fetch_models/${id}`)).statusCode, { timeout: 5000 })
      .toBe(400);
    const test = await get(`/api/channel/test/${id}`);
    expect([test.statusCode, test.json().success]).toEqual([200, false]);
    const balance = await get(`/api/channel/update_balance/${id}`);
    expect([balance.statusCode, balance.json().success]).toEqual([200, false]);
  });

  it('updates balances from the OpenAI billing shape', async () => {
    const id = await channel();
    expect((await get(`/api/channel/update_balance/${id}`)).json()).toEqual({
      success: true,
      message: '',
      balance: 99.5,
    });
    expect(await row(id)).toMatchObject({ balance: 99.5 });
    const claude = await channel({ type: ChannelType.Anthropic });
    expect((await get(`/api/channel/update_balance/${claude}`)).json()).toMatchObject({ success: false });
    const all = (await get('/api/channel/update_balance')).json();
    expect(all.success).toBe(true);
    expect(all.data).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for an unknown channel and 400 for a bad id', async () => {
    for (const url of ['/api/channel/test/99999', '/api/channel/fetch_models/abc']) {
      const res = await get(url);
      expect([res.statusCode, res.json().success]).toEqual([200, false]);
    }
  });

  it('is admin only', async () => {
    for (const url of [
      '/api/channel/test',
      '/api/channel/test/1',
      '/api/channel/fetch_models/1',
      '/api/channel/update_balance',
      '/api/channel/update_balance/1',
    ]) {
      const res = await get(url, user);
      expect([res.statusCode, res.json().success], url).toEqual([200, false]);
    }
  });
});
