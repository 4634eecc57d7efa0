import { sql } from 'kysely';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@switchboard/server/testing';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel } from './helpers.js';
import { families, parseExposition, total } from './prometheus-scrape.js';

const TOKEN = 'scrape-secret-123';
let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 11, config: { metrics: { token: TOKEN } } });
});
afterAll(() => mock.close());

async function scrape(server = mock, auth = `Bearer ${TOKEN}`) {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: auth } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  return { text, samples: parseExposition(text) };
}

/** A fresh user with a limited token, and an OpenAI client for it. */
async function account(quota = 50_000_000) {
  const name = `m${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', { username: name, password: 'x', quota });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'm');
  await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name, remain_quota: 1_000_000_000 });
  return { userId, client: new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 }) };
}

async function consumeLogs(userId: number) {
  await mock.ctx.flush();
  const row = await mock.db
    .selectFrom('logs')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(quota)`.as('quota'),
      sql<number>`sum(prompt_tokens)`.as('prompt'),
      sql<number>`sum(completion_tokens)`.as('completion'),
    ])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .executeTakeFirstOrThrow();
  return {
    n: Number(row.n),
    quota: Number(row.quota),
    prompt: Number(row.prompt),
    completion: Number(row.completion),
  };
}

describe('GET /metrics after real relay traffic', () => {
  it('counts requests, tokens and quota exactly as made and logged', { timeout: 60_000 }, async () => {
    const model = 'metrics-chat';
    const channelId = await addChannel(mock, { name: 'metrics-a', type: 1, models: [model] });
    const channel = String(channelId);
    const before = (await scrape()).samples;
    const { userId, client } = await account();
    let prompt = 0;
    let completion = 0;
    const plain = 5;
    for (let i = 0; i < plain; i++) {
      const res = await client.chat.completions.create({
        model,
        messages: [{ role: 'user', content: `Question number ${i}, answer briefly` }],
      });
      prompt += res.usage!.prompt_tokens;
      completion += res.usage!.completion_tokens;
    }
    const streamed = 3;
    for (let i = 0; i < streamed; i++) {
      const stream = await client.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Stream a few words' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) {
        if (chunk.usage) {
          prompt += chunk.usage.prompt_tokens;
          completion += chunk.usage.completion_tokens;
        }
      }
    }
    // Refused before any upstream: an unknown key (401) and an unknown model (503, no channel).
    const stranger = new OpenAI({ apiKey: `sk-${'z'.repeat(48)}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    await expect(
      stranger.chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 401 });
    const unknown = await client.chat.completions
      .create({ model: 'no-such-model-7781', messages: [{ role: 'user', content: 'x' }] })
      .catch((err: { status: number }) => err.status);
    expect(unknown).toBeGreaterThanOrEqual(400);
    const unknownOutcome = Number(unknown) >= 500 ? 'error' : 'rejected';

    const logs = await consumeLogs(userId);
    const after = (await scrape()).samples;
    const delta = (name: string, match: Record<string, string> = {}) =>
      total(after, name, match) - total(before, name, match);

    const route = '/v1/chat/completions';
    expect(logs.n).toBe(plain + streamed);
    expect(
      delta('switchboard_relay_requests_total', {
        route,
        model,
        channel,
        group: 'default',
        outcome: 'success',
      }),
    ).toBe(plain + streamed);
    expect(delta('switchboard_relay_requests_total', { route, outcome: 'rejected' })).toBe(
      unknownOutcome === 'rejected' ? 2 : 1,
    );
    expect(delta('switchboard_relay_requests_total', { route, outcome: 'error' })).toBe(
      unknownOutcome === 'error' ? 1 : 0,
    );
    expect(delta('switchboard_relay_requests_total', { route })).toBe(plain + streamed + 2);
    // Tokens as the SDK saw them, and as logged; quota as logged.
    expect(delta('switchboard_tokens_total', { model, group: 'default', kind: 'prompt' })).toBe(prompt);
    expect(delta('switchboard_tokens_total', { model, group: 'default', kind: 'completion' })).toBe(
      completion,
    );
    expect(logs.prompt).toBe(prompt);
    expect(logs.completion).toBe(completion);
    expect(logs.quota).toBeGreaterThan(0);
    expect(delta('switchboard_quota_charged_total', { model, group: 'default' })).toBe(logs.quota);
    // One overhead and one upstream latency per answered request; a time to first token per stream.
    expect(delta('switchboard_relay_overhead_seconds_count', { route, model, channel })).toBe(
      plain + streamed,
    );
    expect(delta('switchboard_upstream_latency_seconds_count', { model, channel })).toBe(plain + streamed);
    expect(delta('switchboard_upstream_ttft_seconds_count', { model, channel })).toBe(streamed);
    const overheadSum = delta('switchboard_relay_overhead_seconds_sum', { route, model, channel });
    const durationSum = delta('switchboard_relay_request_duration_seconds_sum', { route, model });
    expect(overheadSum).toBeGreaterThan(0);
    expect(overheadSum).toBeLessThan(durationSum);
    // Nothing is held once every request settled; the queue was flushed by the log read above.
    expect(total(after, 'switchboard_holds_in_flight')).toBe(0);
    expect(total(after, 'switchboard_settlement_queue_length')).toBe(0);
    expect(
      delta('switchboard_cache_requests_total', { cache: 'token', result: 'hit' }),
    ).toBeGreaterThanOrEqual(plain + streamed - 1);
    // The made-up model never became a label.
    expect(after.some((s) => Object.values(s.labels).includes('no-such-model-7781'))).toBe(false);
  });

  it('counts retries and upstream errors by type, and the served request once', async () => {
    const model = 'metrics-retry';
    const dead = await freePort();
    const broken = await addChannel(mock, {
      name: 'metrics-dead',
      type: 1,
      models: [model],
      priority: 10,
      baseUrl: `http://127.0.0.1:${dead}`,
    });
    const good = await addChannel(mock, { name: 'metrics-good', type: 1, models: [model], priority: 0 });
    await mock.ctx.options.set('RetryTimes', '2');
    const before = (await scrape()).samples;
    const { client } = await account();
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'retry me' }] });
    const after = (await scrape()).samples;
    const delta = (name: string, match: Record<string, string> = {}) =>
      total(after, name, match) - total(before, name, match);
    expect(
      delta('switchboard_upstream_errors_total', { model, channel: String(broken), type: 'transport' }),
    ).toBe(1);
    expect(delta('switchboard_relay_retries_total', { model, channel: String(good) })).toBe(1);
    expect(
      delta('switchboard_relay_requests_total', { model, channel: String(good), outcome: 'success' }),
    ).toBe(1);
    expect(delta('switchboard_relay_requests_total', { model })).toBe(1);
    await mock.ctx.options.set('RetryTimes', '0');
  });

  it(
    'counts a stream the client left as canceled, and bills what was delivered',
    { timeout: 30_000 },
    async () => {
      const model = 'metrics-cancel';
      const channel = String(await addChannel(mock, { name: 'metrics-cancel', type: 1, models: [model] }));
      const labels = { route: '/v1/chat/completions', model, channel };
      const before = (await scrape()).samples;
      const { userId, client } = await account();
      mock.upstreams.openai.setChunkDelay(40);
      const controller = new AbortController();
      try {
        const stream = await client.chat.completions.create(
          { model, messages: [{ role: 'user', content: 'Hi' }], stream: true },
          { signal: controller.signal },
        );
        let received = 0;
        for await (const chunk of stream) {
          if (chunk.choices[0]?.delta.content) received++;
          if (received === 2) controller.abort();
        }
      } catch {
        // The SDK throws or ends the loop on abort: the client is gone either way.
      } finally {
        mock.upstreams.openai.setChunkDelay(0);
      }
      // The server notices the disconnect and settles what was delivered.
      let logs = await consumeLogs(userId);
      for (let i = 0; i < 500 && logs.n === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        logs = await consumeLogs(userId);
      }
      const after = (await scrape()).samples;
      const delta = (name: string, match: Record<string, string>) =>
        total(after, name, match) - total(before, name, match);
      expect(logs.n).toBe(1);
      expect(delta('switchboard_relay_requests_total', { ...labels, outcome: 'canceled' })).toBe(1);
      expect(delta('switchboard_relay_requests_total', labels)).toBe(1);
      expect(delta('switchboard_quota_charged_total', { model })).toBe(logs.quota);
      expect(delta('switchboard_tokens_total', { model, kind: 'completion' })).toBe(logs.completion);
    },
  );

  it('counts /api requests by route pattern and status, and logins by method and outcome', async () => {
    const before = (await scrape()).samples;
    const login = (password: string) =>
      fetch(`${mock.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: mock.credentials.users.alice.username, password }),
      });
    expect((await (await login('wrong-password')).json()).success).toBe(false);
    expect((await (await login(mock.credentials.users.alice.password)).json()).success).toBe(true);
    await fetch(`${mock.url}/api/status`);
    const after = (await scrape()).samples;
    const delta = (name: string, match: Record<string, string> = {}) =>
      total(after, name, match) - total(before, name, match);
    expect(delta('switchboard_logins_total', { method: 'password', outcome: 'success' })).toBe(1);
    expect(delta('switchboard_logins_total', { method: 'password', outcome: 'failure' })).toBe(1);
    expect(delta('switchboard_api_requests_total', { route: '/api/user/login', status: '200' })).toBe(2);
    expect(delta('switchboard_api_requests_total', { route: '/api/status', status: '200' })).toBe(1);
  });

  it('keeps labels bounded: hostile paths and models make no series of their own', async () => {
    const marker = `zz${Math.random().toString(36).slice(2, 10)}`;
    const { client } = await account();
    for (let i = 0; i < 20; i++) {
      await fetch(`${mock.url}/api/${marker}-${i}/%2e%2e/x?${marker}=1`);
      await fetch(`${mock.url}//api//user/${marker}${i}`, { method: 'POST', body: '{}' });
      await fetch(`${mock.url}/v1/${marker}/${i}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await client.embeddings.create({ model: `${marker}-${i}`, input: 'x' }).catch(() => undefined);
      await client.chat.completions
        .create({ model: `${marker}-${i}`, messages: [{ role: 'user', content: 'x' }] })
        .catch(() => undefined);
    }
    const { text, samples } = await scrape();
    expect(text).not.toContain(marker);
    const apiRoutes = new Set(
      samples.filter((s) => s.name === 'switchboard_api_requests_total').map((s) => s.labels.route),
    );
    expect(apiRoutes.has('unmatched')).toBe(true);
    for (const r of apiRoutes) expect(r === 'unmatched' || r!.startsWith('/api/')).toBe(true);
    const relayRoutes = new Set(
      samples.filter((s) => s.name === 'switchboard_relay_requests_total').map((s) => s.labels.route),
    );
    for (const r of relayRoutes) expect(r).toMatch(/^\/(v1|v1beta|pg)\/[\w/:*.-]*$/);
  });

  it('exports the process, ledger, cache, channel and rate-limit metrics', async () => {
    // A channel added right after a scrape is in the next one, however soon.
    await scrape();
    await addChannel(mock, { name: 'metrics-fresh', type: 1, models: ['metrics-fresh'], priority: 0 });
    const { text, samples } = await scrape();
    const names = families(text);
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'switchboard_settlement_lag_seconds',
      'switchboard_ledger_journal_bytes',
      'switchboard_cache_entries',
      'switchboard_channel_status',
      'switchboard_channel_info',
      'switchboard_redis_up',
      'switchboard_realtime_sessions',
      'switchboard_rate_limit_refusals_total',
      'switchboard_model_rate_limit_refusals_total',
    ])
      expect(names, name).toContain(name);
    // Every channel row has exactly one status sample, and its info.
    const channels = await mock.db.selectFrom('channels').select(['id', 'status']).execute();
    for (const c of channels) {
      const status = samples.filter(
        (s) => s.name === 'switchboard_channel_status' && s.labels.channel === String(c.id),
      );
      expect(status).toHaveLength(1);
      expect(status[0]!.labels.status).toBe(
        { 1: 'enabled', 2: 'manually_disabled', 3: 'auto_disabled' }[c.status],
      );
    }
  });

  it('refuses a scrape without the METRICS_TOKEN bearer', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const res = await fetch(`${mock.url}/metrics`, authorization ? { headers: { authorization } } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.text()).not.toContain('switchboard_');
    }
  });

  it('counts refusals by the /api rate limit', async () => {
    const limited = await createMockServer({
      seed: 12,
      config: { metrics: {}, globalApiRateLimit: { enabled: true, count: 3, durationS: 60 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/api/status`)).status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      const res = await fetch(`${limited.url}/metrics`);
      const samples = parseExposition(await res.text());
      expect(total(samples, 'switchboard_rate_limit_refusals_total', { limit: 'api' })).toBe(2);
      expect(total(samples, 'switchboard_api_requests_total', { route: '/api/status', status: '429' })).toBe(
        2,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('where /metrics is served', () => {
  it('serves it on METRICS_PORT alone, and not on the main port', async () => {
    const port = await freePort();
    const server = await createMockServer({ seed: 13, config: { metrics: { port } } });
    try {
      const main = await fetch(`${server.url}/metrics`);
      expect(main.status).toBe(404);
      await main.text();
      const own = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('switchboard_relay_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('serves nothing when metrics are off', async () => {
    const server = await createMockServer({ seed: 14 });
    try {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(404);
      expect(server.ctx.metrics).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
