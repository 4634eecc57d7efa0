import { sql } from 'kysely';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, setReplyScript, type MockServer } from '../src/index.js';

/**
 * Period budgets and per-token caps on one node: no period is overspent under any concurrency, a period's spend
 * equals the sum of its logs, requests in flight across a boundary go to the period they started in, and
 * refusals are new-api-shaped 429s with Retry-After.
 */
let mock: MockServer;
/** The server's clock (unix seconds); tests move it. */
let now = Date.UTC(2026, 10, 27, 12, 0, 0) / 1000;

afterEach(() => {
  setReplyScript({});
  mock.upstreams.openai.setLatency(0);
});

beforeAll(async () => {
  mock = await createMockServer({ seed: 28, clock: () => Math.floor(now) });
});
afterAll(() => mock.close());

interface Budget {
  period?: string;
  period_quota?: number;
  period_requests?: number;
  max_concurrency?: number;
  rpm_limit?: number;
  tpm_limit?: number;
}

async function account(token: Budget, user: Budget = {}) {
  const name = `b${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', {
    username: name,
    password: 'x',
    quota: 100_000_000,
    ...user,
  });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'q');
  const tokenId = await insertReturningId(mock.db, 'tokens', {
    user_id: userId,
    key,
    name,
    unlimited_quota: 1,
    ...token,
  });
  const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { userId, tokenId, key, client };
}

const chat = (client: OpenAI) =>
  client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
    max_tokens: 400,
  });

async function streamed(client: OpenAI) {
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
    max_tokens: 400,
    stream: true,
  });
  for await (const chunk of stream) void chunk;
}

async function spend(kind: 'u' | 't', id: number) {
  await mock.ctx.flush();
  const rows = await mock.db
    .selectFrom('budget_usage')
    .selectAll()
    .where('kind', '=', kind)
    .where('owner_id', '=', id)
    .execute();
  return new Map(
    rows.map((r) => [r.period_key, { quota: Number(r.used_quota), requests: Number(r.used_requests) }]),
  );
}

async function logsOf(userId: number) {
  await mock.ctx.flush();
  const logs = await mock.db
    .selectFrom('logs')
    .select(['quota', 'created_at', sql<number>`1`.as('one')])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .execute();
  return { count: logs.length, quota: logs.reduce((n, l) => n + l.quota, 0) };
}

const outcome = (results: PromiseSettledResult<unknown>[]) => ({
  ok: results.filter((r) => r.status === 'fulfilled').length,
  refused: results.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 429)
    .length,
  codes: new Set(
    results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as { code?: string }).code ?? String(r.reason)),
  ),
});

describe('a period budget under 50-way concurrency', { timeout: 60_000 }, () => {
  it('a token day budget is spent to what it allows and never past it (streams and JSON)', async () => {
    setReplyScript({ words: 300 });
    // An answer of 300 words at gpt-4o-mini's price costs about 100 quota; its worst case (400 tokens) a bit more.
    const budget = 1500;
    const { userId, tokenId, client } = await account({ period: 'day', period_quota: budget });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? chat(client) : streamed(client))),
    );
    const { ok, refused, codes } = outcome(results);
    // A stream admitted with a completion limit lowered to what the budget affords may be cut where its hold
    // ends (as on a small balance): it is served and billed up to there.
    const cut = results.filter(
      (r) => r.status === 'rejected' && String(r.reason).includes('was cut where'),
    ).length;
    codes.delete('Error: insufficient quota: the answer was cut where the balance ran out');
    expect([...codes]).toEqual(['token_period_quota_exceeded']);
    expect(ok + cut + refused).toBe(50);
    expect(refused).toBeGreaterThan(0);
    const logs = await logsOf(userId);
    const spent = (await spend('t', tokenId)).get('d2026-11-27')!;
    expect(logs.count).toBe(ok + cut);
    expect(spent.quota).toBe(logs.quota);
    expect(spent.requests).toBe(ok + cut);
    expect(spent.quota).toBeLessThanOrEqual(budget);
    // Exhausted: what is left would not pay one more answer's worst case.
    expect(budget - spent.quota).toBeLessThan(logs.quota / logs.count + 60);
  });

  it('a user request budget admits exactly that many requests', async () => {
    setReplyScript({ words: 20 });
    const { userId, client } = await account({}, { period: 'week', period_requests: 7 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? chat(client) : streamed(client))),
    );
    const { ok, codes } = outcome(results);
    expect(ok).toBe(7);
    expect([...codes]).toEqual(['user_period_requests_exceeded']);
    const spent = (await spend('u', userId)).get('w2026-11-23')!;
    expect(spent.requests).toBe(7);
    expect(spent.quota).toBe((await logsOf(userId)).quota);
  });

  it('user and token budgets both apply: the smaller one binds', async () => {
    setReplyScript({ words: 300 });
    const { userId, tokenId, client } = await account(
      { period: 'month', period_quota: 100_000 },
      { period: 'day', period_quota: 800 },
    );
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => chat(client)));
    const { codes } = outcome(results);
    expect([...codes]).toEqual(['user_period_quota_exceeded']);
    const user = (await spend('u', userId)).get('d2026-11-27')!;
    const token = (await spend('t', tokenId)).get('m2026-11')!;
    expect(user.quota).toBeLessThanOrEqual(800);
    expect(token.quota).toBe(user.quota);
  });
});

describe('the 429 of a budget', () => {
  it('is new-api-shaped, names the limit and says when it frees up', async () => {
    setReplyScript({ words: 20 });
    now = Date.UTC(2026, 10, 27, 22, 0, 0) / 1000;
    const { key } = await account({ period: 'day', period_requests: 1 });
    const call = () =>
      fetch(`${mock.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
    expect((await call()).status).toBe(200);
    const res = await call();
    expect(res.status).toBe(429);
    // Two hours to midnight UTC.
    expect(res.headers.get('retry-after')).toBe('7200');
    const body = (await res.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error.type).toBe('new_api_error');
    expect(body.error.code).toBe('token_period_requests_exceeded');
    expect(body.error.message).toContain('2026-11-28T00:00:00Z');
  });
});

describe('period boundaries', { timeout: 30_000 }, () => {
  it('a request in flight across midnight is billed to the day it started; the new day starts at zero', async () => {
    now = Date.UTC(2026, 10, 28, 23, 59, 59) / 1000;
    setReplyScript({ words: 300, eventDelayMs: 2 });
    const { tokenId, client } = await account({ period: 'day', period_quota: 400, period_requests: 2 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Write at length' }],
      max_tokens: 400,
      stream: true,
    });
    // Midnight passes while the answer streams.
    now += 2;
    for await (const chunk of stream) void chunk;
    const spent = await spend('t', tokenId);
    expect(spent.get('d2026-11-28')?.requests).toBe(1);
    expect(spent.get('d2026-11-28')!.quota).toBeGreaterThan(0);
    expect(spent.get('d2026-11-29')).toBeUndefined();
    // The new day has its whole budget: two requests pass, the third is refused.
    setReplyScript({ words: 20 });
    await chat(client);
    await chat(client);
    await expect(chat(client)).rejects.toMatchObject({ status: 429, code: 'token_period_requests_exceeded' });
    expect((await spend('t', tokenId)).get('d2026-11-29')?.requests).toBe(2);
  });

  it('a rolling day frees what was spent 24 hours ago, not before', async () => {
    now = Date.UTC(2026, 11, 2, 10, 30, 0) / 1000;
    setReplyScript({ words: 20 });
    const { tokenId, client } = await account({ period: 'rolling_day', period_requests: 3 });
    await chat(client);
    now += 3600 * 6;
    await chat(client);
    await chat(client);
    await expect(chat(client)).rejects.toMatchObject({ status: 429, code: 'token_period_requests_exceeded' });
    // 23 h after the first: still inside its window.
    now += 3600 * 17;
    await expect(chat(client)).rejects.toMatchObject({ status: 429 });
    // 24 h after the first hour: one request is free again, and only one.
    now += 3600;
    await chat(client);
    await expect(chat(client)).rejects.toMatchObject({ status: 429 });
    const spent = await spend('t', tokenId);
    expect([...spent.values()].reduce((n, u) => n + u.requests, 0)).toBe(4);
  });
});

describe('per-token caps', { timeout: 30_000 }, () => {
  it('at most max_concurrency requests in flight under a burst; the others get 429 with Retry-After', async () => {
    now = Date.UTC(2026, 11, 5, 10, 0, 0) / 1000;
    setReplyScript({ words: 20 });
    mock.upstreams.openai.setLatency(400);
    const { userId, client } = await account({ max_concurrency: 3 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => chat(client)));
    const { ok, refused, codes } = outcome(results);
    expect(ok).toBe(3);
    expect(refused).toBe(17);
    expect([...codes]).toEqual(['token_concurrency_exceeded']);
    expect((await logsOf(userId)).count).toBe(3);
    // Freed once they end.
    mock.upstreams.openai.setLatency(0);
    await chat(client);
  });

  it('rpm_limit refuses the request past it with the seconds until the minute frees', async () => {
    setReplyScript({ words: 5 });
    const { key } = await account({ rpm_limit: 4 });
    const call = () =>
      fetch(`${mock.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
    for (let i = 0; i < 4; i++) expect((await call()).status).toBe(200);
    const res = await call();
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('token_rpm_exceeded');
  });

  it('tpm_limit refuses once the last minute used that many tokens', async () => {
    setReplyScript({ words: 200 });
    const { client } = await account({ tpm_limit: 300 });
    await chat(client);
    await chat(client);
    await expect(chat(client)).rejects.toMatchObject({ status: 429, code: 'token_tpm_exceeded' });
  });
});
