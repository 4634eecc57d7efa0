import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, setReplyScript, type MockServer } from '../src/index.js';

/**
 * No answer is served past the balance and nothing is written off: for users and limited tokens, under any
 * concurrency, the balance stays at or above zero and final balance + logged consumption = starting balance,
 * to the unit, whatever the answers cost against their reservation.
 */
let mock: MockServer;

afterEach(() => setReplyScript({}));

async function account(quota: number, tokenQuota?: number) {
  const name = `o${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', { username: name, password: 'x', quota });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'q');
  const tokenId = await insertReturningId(mock.db, 'tokens', {
    user_id: userId,
    key,
    name,
    ...(tokenQuota === undefined ? { unlimited_quota: 1 } : { remain_quota: tokenQuota }),
  });
  const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { userId, tokenId, client };
}

/** Balances and the consume logs, after the buffered settlements reached the database. */
async function ledgerOf(userId: number, tokenId: number) {
  await mock.ctx.flush();
  const user = await mock.db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await mock.db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  const logs = await mock.db
    .selectFrom('logs')
    .select(['quota', 'other', sql<number>`1`.as('one')])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .execute();
  const logged = logs.reduce((n, l) => n + l.quota, 0);
  const writtenOff = logs.filter((l) => l.other.includes('uncapped_quota')).length;
  return { user, token, logs: logs.length, logged, writtenOff };
}

const chat = (client: OpenAI, extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
  client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
    ...extra,
  });

async function streamed(client: OpenAI) {
  const stream = await client.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
    stream: true,
  });
  for await (const chunk of stream) void chunk;
}

const settle = (results: PromiseSettledResult<unknown>[]) => ({
  ok: results.filter((r) => r.status === 'fulfilled').length,
  refused: results.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 403)
    .length,
});

// The same money rules whether settlements are written on the event loop (a database in memory) or by the
// worker thread (a database file with its journal), while balances are read from the database mid-flight.
describe.each([
  { storage: 'memory', dataDir: () => undefined },
  { storage: 'a file', dataDir: () => mkdtempSync(join(tmpdir(), 'swb-overdraft-')) },
])('on $storage', ({ dataDir }) => {
  beforeAll(async () => {
    mock = await createMockServer({ seed: 43, dataDir: dataDir() });
  });
  afterAll(() => mock.close());

  describe('the balance pays for every answer served, under 100-way concurrency', { timeout: 60_000 }, () => {
    it('a user whose balance covers some long answers: no overdraft, conservation exact', async () => {
      setReplyScript({ words: 800 });
      // One 800-word answer of gpt-4o-mini costs about (prompt + 800 × 4) × 0.075 ≈ 240 quota.
      const start = 74 * 240;
      const { userId, tokenId, client } = await account(start);
      const results = await Promise.allSettled(Array.from({ length: 100 }, () => chat(client)));
      const { ok, refused } = settle(results);
      expect(ok + refused).toBe(100);
      const l = await ledgerOf(userId, tokenId);
      expect(l.user.quota).toBeGreaterThanOrEqual(0);
      expect(l.user.quota + l.logged).toBe(start);
      expect(l.user.used_quota).toBe(l.logged);
      expect(l.user.request_count).toBe(ok);
      expect(l.logs).toBe(ok);
      expect(l.writtenOff).toBe(0);
    });

    it('a rich user (the old trust shortcut) is held to its balance the same way', async () => {
      setReplyScript({ words: 800 });
      const start = 20_000;
      const { userId, tokenId, client } = await account(start);
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? chat(client) : streamed(client))),
      );
      const { ok } = settle(results);
      const l = await ledgerOf(userId, tokenId);
      expect(ok).toBeGreaterThan(0);
      expect(l.user.quota).toBeGreaterThanOrEqual(0);
      expect(l.user.quota + l.logged).toBe(start);
      expect(l.writtenOff).toBe(0);
    });

    it('holds while the token cache is refreshed by management writes mid-flight', async () => {
      setReplyScript({ words: 800, eventDelayMs: 1 });
      const start = 30 * 240;
      const { userId, tokenId, client } = await account(start, 25 * 240);
      // Every /api write announces a change and the relay re-reads balances from the database.
      const churn = setInterval(() => {
        mock.ctx.events.emit('users', [userId]);
        mock.ctx.events.emit('tokens', [tokenId]);
      }, 3);
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? chat(client) : streamed(client))),
      );
      clearInterval(churn);
      expect(settle(results).ok).toBeGreaterThan(0);
      const l = await ledgerOf(userId, tokenId);
      expect(l.user.quota).toBeGreaterThanOrEqual(0);
      expect(l.token.remain_quota).toBeGreaterThanOrEqual(0);
      expect(l.user.quota + l.logged).toBe(start);
      expect(l.token.remain_quota + l.logged).toBe(25 * 240);
      expect(l.writtenOff).toBe(0);
    });

    it('a limited token never spends past its cap, paid for by a rich user', async () => {
      setReplyScript({ words: 800 });
      const cap = 6_000;
      const { userId, tokenId, client } = await account(100_000_000, cap);
      const results = await Promise.allSettled(Array.from({ length: 100 }, () => chat(client)));
      const { ok, refused } = settle(results);
      expect(ok + refused).toBe(100);
      const l = await ledgerOf(userId, tokenId);
      expect(l.token.remain_quota).toBeGreaterThanOrEqual(0);
      expect(l.token.remain_quota + l.token.used_quota).toBe(cap);
      expect(l.token.used_quota).toBe(l.logged);
      expect(l.user.quota + l.logged).toBe(100_000_000);
      expect(l.writtenOff).toBe(0);
    });

    it('max_tokens past what the balance affords is lowered on the upstream call, with the completion ratio', async () => {
      const start = 1_000;
      const { userId, tokenId, client } = await account(start);
      setReplyScript({ words: 5_000 });
      const answer = await chat(client, { max_tokens: 4_000 });
      expect(answer.choices[0]!.finish_reason).toBe('length');
      const sent = mock.upstreams.openai.requests.at(-1)!.body as { max_tokens: number };
      // 1,000 quota at 0.075 × 4 per completion token leaves room for about 3,000 tokens, less the prompt bound.
      expect(sent.max_tokens).toBeLessThan(3_334);
      expect(sent.max_tokens).toBeGreaterThan(1_000);
      const l = await ledgerOf(userId, tokenId);
      expect(l.user.quota).toBeGreaterThanOrEqual(0);
      expect(l.user.quota + l.logged).toBe(start);
    });
  });

  describe('an upstream that ignores max_tokens', { timeout: 60_000 }, () => {
    it('a stream is cut where the balance runs out, with an error, and billed exactly what is left', async () => {
      setReplyScript({ words: 20_000, ignoreMaxTokens: true });
      const start = 600;
      const { userId, tokenId, client } = await account(start);
      await expect(streamed(client)).rejects.toBeInstanceOf(OpenAI.APIError);
      const l = await ledgerOf(userId, tokenId);
      expect(l.user.quota).toBeGreaterThanOrEqual(0);
      expect(l.user.quota + l.logged).toBe(start);
      expect(l.logs).toBe(1);
    });

    it('a JSON answer is charged at most the balance, and the log says what it would have cost', async () => {
      setReplyScript({ words: 20_000, ignoreMaxTokens: true });
      const start = 600;
      const { userId, tokenId, client } = await account(start);
      await chat(client);
      const l = await ledgerOf(userId, tokenId);
      expect(l.user.quota).toBe(0);
      expect(l.logged).toBe(start);
      expect(l.writtenOff).toBe(1);
    });
  });
});
