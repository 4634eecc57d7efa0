// Bulk seeding for the benchmarks that need a big database (bench:cli logs, bench:first-page): prepared
// statements inside transactions on the raw better-sqlite3 handle, about a million log rows in ten seconds.
// Kysely's multi-row inserts are ten times slower here and hit SQLite's bound-variable limit.
import type BetterSqlite3 from 'better-sqlite3';

type Handle = BetterSqlite3.Database;

/** Rows per transaction: large enough that commits do not dominate, small enough to keep the WAL modest. */
const BATCH = 50_000;

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'gemini-1.5-pro', 'deepseek-chat'];

function inBatches(handle: Handle, total: number, insertOne: (i: number) => void): void {
  const batch = handle.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) insertOne(i);
  });
  for (let from = 0; from < total; from += BATCH) batch(from, Math.min(total, from + BATCH));
}

export interface LogSeed {
  userId: number;
  username: string;
  /** created_at of the newest row; older rows step back from it. */
  newest: number;
  /** Rows per second of created_at (several share a second, as on a busy gateway). */
  perSecond?: number;
  /** Channel ids cycled through (0 for none). */
  channels?: number;
}

/**
 * `count` consume logs of one user, ids ascending with time (as the ledger writes them), so the newest row
 * has the highest id.
 */
export function seedLogs(handle: Handle, count: number, seed: LogSeed): void {
  const perSecond = seed.perSecond ?? 1;
  const insert = handle.prepare(
    `insert into logs (user_id, username, created_at, type, content, token_name, token_id, model_name, quota,
       prompt_tokens, completion_tokens, use_time, is_stream, channel_id, "group", other)
     values (?, ?, ?, 2, ?, 'bench', 1, ?, ?, ?, ?, ?, ?, ?, 'default', ?)`,
  );
  const oldest = seed.newest - Math.floor((count - 1) / perSecond);
  const other = JSON.stringify({ model_ratio: 0.075, group_ratio: 1, completion_ratio: 4, frt: 320 });
  inBatches(handle, count, (i) => {
    const prompt = 20 + (i % 500);
    const completion = 10 + (i % 300);
    insert.run(
      seed.userId,
      seed.username,
      oldest + Math.floor(i / perSecond),
      `model price ${(i % 7) + 1}, group ratio 1`,
      MODELS[i % MODELS.length],
      prompt + completion * 4,
      prompt,
      completion,
      1 + (i % 20),
      i % 2,
      seed.channels ? 1 + (i % seed.channels) : 0,
      other,
    );
  });
}

/** `count` tokens of one user with unique keys. */
export function seedTokens(handle: Handle, count: number, userId: number, now: number): void {
  const insert = handle.prepare(
    `insert into tokens (user_id, key, status, name, created_time, accessed_time, remain_quota, used_quota,
       expired_time, unlimited_quota, "group")
     values (?, ?, 1, ?, ?, ?, 500000, ?, -1, 0, '')`,
  );
  inBatches(handle, count, (i) => {
    insert.run(userId, `bench${String(i).padStart(43, '0')}`, `bench-${i}`, now - i, now - i, i % 1000);
  });
}

/** `count` OpenAI-type channels, each serving two models in the default group (with their abilities). */
export function seedChannels(handle: Handle, count: number, now: number): void {
  const insert = handle.prepare(
    `insert into channels (type, key, name, base_url, status, weight, created_time, priority, models, "group")
     values (1, ?, ?, 'http://127.0.0.1:9', 1, 0, ?, 0, 'gpt-4o-mini,gpt-4o', 'default')`,
  );
  const ability = handle.prepare(
    `insert into abilities ("group", model, channel_id, enabled, priority, weight) values ('default', ?, ?, 1, 0, 0)`,
  );
  inBatches(handle, count, (i) => {
    const id = Number(insert.run(`sk-bench-${i}`, `bench-${i}`, now - i).lastInsertRowid);
    ability.run('gpt-4o-mini', id);
    ability.run('gpt-4o', id);
  });
}

/**
 * `count` common users with ids from 2 (id 1 stays root's: the first user the server creates). Their password
 * hashes are placeholders: these accounts fill the user table, nobody signs in as them.
 */
export function seedUsers(handle: Handle, count: number, now: number): void {
  const insert = handle.prepare(
    `insert into users (id, username, password, display_name, role, status, quota, used_quota, request_count,
       "group", aff_code, created_time)
     values (?, ?, '!', ?, 1, ?, ?, ?, ?, 'default', ?, ?)`,
  );
  inBatches(handle, count, (i) => {
    insert.run(
      i + 2,
      `bench${i}`,
      `Bench ${i}`,
      i % 50 === 0 ? 2 : 1,
      500000 + i,
      i * 7,
      i % 300,
      `b${i}`,
      now - i,
    );
  });
}

/** `count` redemption codes of 10 000 quota each, a tenth of them already redeemed by user 1. */
export function seedRedemptions(handle: Handle, count: number, now: number): void {
  const insert = handle.prepare(
    `insert into redemptions (user_id, key, status, name, quota, created_time, redeemed_time, used_user_id)
     values (1, ?, ?, ?, 10000, ?, ?, ?)`,
  );
  inBatches(handle, count, (i) => {
    const used = i % 10 === 0;
    insert.run(
      `bench${String(i).padStart(27, '0')}`,
      used ? 3 : 1,
      `bench-${i % 100}`,
      now - i,
      used ? now - i + 60 : 0,
      used ? 1 : 0,
    );
  });
}

/** Root as the server would create it on first start (id 1), which it no longer does once users exist. */
export function seedRoot(handle: Handle, passwordHash: string, now: number): void {
  handle
    .prepare(
      `insert into users (id, username, password, display_name, role, status, quota, created_time)
       values (1, 'root', ?, 'Root User', 100, 1, 100000000, ?)`,
    )
    .run(passwordHash, now);
}
