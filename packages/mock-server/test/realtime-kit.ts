import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/beta/realtime/ws';
import { sql } from 'kysely';
import type { MockServer } from '../src/index.js';
import { insertReturningId } from '../src/server-api.js';

/**
 * OpenAI's own realtime client (the beta protocol new-api relays) on the gateway. The SDK always builds a
 * `wss://` URL; the test gateway speaks plain HTTP, so the client's socket is a plain TCP connection to it.
 */
export function realtimeClient(mock: MockServer, apiKey: string, model: string): OpenAIRealtimeWS {
  const client = new OpenAI({ apiKey, baseURL: `${mock.url}/v1` });
  const rt = new OpenAIRealtimeWS(
    { model, options: { createConnection: () => connect(mock.port, '127.0.0.1') } },
    client,
  );
  rt.on('error', () => undefined);
  return rt;
}

/** A protocol event under test: whatever the server sent. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign JSON read field by field in tests
export type AnyEvent = Record<string, any>;

/** Resolves with the next event of `type` (or rejects when the socket closes first). */
export function next<T = AnyEvent>(rt: OpenAIRealtimeWS, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onEvent = (event: { type: string }) => {
      if (event.type !== type) return;
      rt.off('event', onEvent);
      resolve(event as T);
    };
    rt.on('event', onEvent);
    rt.socket.once('close', (code) => reject(new Error(`closed with ${code} before ${type}`)));
  });
}

/** The close code and reason the client got. */
export const closed = (rt: OpenAIRealtimeWS): Promise<{ code: number; reason: string }> =>
  new Promise((resolve) =>
    rt.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );

/** A user with `quota` and a token (unlimited unless `tokenQuota`), and its `sk-` key. */
export async function account(mock: MockServer, quota: number, tokenQuota?: number) {
  const name = `rt${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', { username: name, password: 'x', quota });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'q');
  const tokenId = await insertReturningId(mock.db, 'tokens', {
    user_id: userId,
    key,
    name,
    ...(tokenQuota === undefined ? { unlimited_quota: 1 } : { remain_quota: tokenQuota }),
  });
  return { userId, tokenId, apiKey: `sk-${key}` };
}

/** The user's and token's balances and consume logs once every settlement is written. */
export async function books(mock: MockServer, userId: number, tokenId: number) {
  await mock.ctx.flush();
  const user = await mock.db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await mock.db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  const logs = await mock.db
    .selectFrom('logs')
    .select(['quota', 'prompt_tokens', 'completion_tokens', 'content', 'other', sql<number>`1`.as('one')])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .orderBy('id')
    .execute();
  return { user, token, logs, logged: logs.reduce((n, l) => n + l.quota, 0) };
}

/** Waits until `check` holds (settlements land a moment after the events that cause them). */
export async function until(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
