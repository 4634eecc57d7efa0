import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { SecretBox, sha256Hex } from '../../crypto.js';
import { buildNewApiDatabase, type NewApiDatabase } from '../../testing/newapi-fixture.js';
import { testDialects } from '../../testing/test-db.js';
import { createDb, type Db } from '../database.js';
import { adoptNewApi, type Phase } from './adopt.js';
import { describeTables, kindOf } from './introspect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- reads both schemas */

const secrets = new SecretBox('adoption-test-secret');

async function count(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

async function sum(db: Kysely<any>, table: string, column: string): Promise<number> {
  const { rows } = await sql<{
    s: number | string | null;
  }>`select sum(${sql.ref(column)}) as s from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.s ?? 0);
}

/** Row counts and balances that must come through unchanged. */
async function ledger(db: Kysely<any>, f: NewApiDatabase) {
  const counts: Record<string, number> = {};
  for (const table of Object.keys(f.tables)) counts[table] = await count(db, table);
  return {
    counts,
    quota: await sum(db, 'users', 'quota'),
    used: await sum(db, 'users', 'used_quota'),
    remain: await sum(db, 'tokens', 'remain_quota'),
    logged: await sum(db, 'logs', 'quota'),
    money: await sum(db, 'top_ups', 'money'),
  };
}

function expectedLedger(f: NewApiDatabase) {
  const total = (table: string, column: string) =>
    f.tables[table]!.reduce((s, r) => s + Number(r[column] ?? 0), 0);
  return {
    counts: Object.fromEntries(Object.entries(f.tables).map(([t, rows]) => [t, rows.length])),
    quota: total('users', 'quota'),
    used: total('users', 'used_quota'),
    remain: total('tokens', 'remain_quota'),
    logged: total('logs', 'quota'),
    money: total('top_ups', 'money'),
  };
}

async function open(f: NewApiDatabase): Promise<Db> {
  return createDb(loadConfig({ SESSION_SECRET: 's', CRYPTO_SECRET: 'c', ...f.env }).db);
}

/** Everything the adoption must have kept or changed, checked on the upgraded database. */
async function expectAdopted(db: Db, f: NewApiDatabase): Promise<void> {
  const tables = await describeTables(db);
  expect(kindOf(tables)).toBe('switchboard');
  expect([...tables.keys()].filter((t) => t.startsWith('newapi_'))).toEqual([]);
  expect(await ledger(db, f)).toEqual(expectedLedger(f));
  const root = await db.selectFrom('users').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  expect(root).toMatchObject({
    username: 'root',
    role: 100,
    aff_code: null,
    deleted_at: null,
    created_time: 0,
  });
  expect(root.password).toBe(f.tables.users![0]!.password);
  const deleted = await db
    .selectFrom('users')
    .select('deleted_at')
    .where('deleted_at', 'is not', null)
    .execute();
  expect(deleted).toHaveLength(f.tables.users!.filter((u) => u.deleted_at !== null).length);
  expect(deleted.every((d) => Number(d.deleted_at) === Date.parse('2024-05-01T10:00:00Z') / 1000)).toBe(true);
  const user = await db
    .selectFrom('users')
    .select('access_token')
    .where('id', '=', f.accessToken.userId)
    .executeTakeFirstOrThrow();
  expect(user.access_token).toBe(sha256Hex(f.accessToken.token));
  const keys = await db.selectFrom('tokens').select(['key', 'unlimited_quota']).orderBy('id').execute();
  expect(keys.map((k) => k.key)).toEqual(f.tables.tokens!.map((t) => t.key));
  expect(keys.filter((k) => Boolean(k.unlimited_quota))).toHaveLength(
    f.tables.tokens!.filter((t) => t.unlimited_quota).length,
  );
  const channels = await db
    .selectFrom('channels')
    .select(['id', 'key', 'openai_organization', 'base_url'])
    .orderBy('id')
    .execute();
  for (const c of channels) {
    expect(c.key.startsWith('enc:v1:')).toBe(true);
    expect(secrets.open(c.key)).toBe(f.channelKeys[c.id]);
  }
  expect(channels.find((c) => c.id === 2)!.openai_organization).toBe('org-newapi');
  const task = await db.selectFrom('tasks').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
  expect(JSON.parse(task.data)).toEqual(JSON.parse(f.tables.tasks![0]!.data as string));
  const off = await db.selectFrom('abilities').select('enabled').where('channel_id', '=', 20).execute();
  expect(off.length).toBeGreaterThan(0);
  expect(off.every((a) => !a.enabled)).toBe(true);
  // Ids continue after the copied ones (PostgreSQL's sequences had to be moved on).
  const next = await db.insertInto('users').values({ username: 'after', password: 'x' }).execute();
  expect(next).toBeDefined();
  const after = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'after')
    .executeTakeFirstOrThrow();
  expect(after.id).toBe(f.tables.users!.length + 1);
}

// Building a database of 9,300 rows on a busy shared server takes seconds.
describe.each(testDialects())('adopting a new-api 0.4.8 database on %s', { timeout: 60_000 }, (dialect) => {
  let f: NewApiDatabase | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    await f?.close();
    db = f = undefined;
  });

  it('keeps every row and balance, seals channel keys, hashes access tokens, and leaves no plaintext key behind', async () => {
    f = await buildNewApiDatabase(dialect, 'http://127.0.0.1:9');
    db = await open(f);
    const before = await ledger(db, f);
    expect(before).toEqual(expectedLedger(f));
    const result = await adoptNewApi(db, { secrets });
    expect(result).toMatchObject({ sealedKeys: 20, hashedAccessTokens: 200, rows: before.counts });
    await expectAdopted(db, f);
    if (f.file) {
      const bytes = readFileSync(f.file).toString('latin1');
      for (const key of Object.values(f.channelKeys)) {
        const secret = key.startsWith('{') ? (JSON.parse(key) as { private_key: string }).private_key : key;
        expect(bytes.includes(secret)).toBe(false);
      }
    }
  });

  const crashAt = (phase: Phase) => (reached: Phase) => {
    if (reached === phase) throw new Error(`crash at ${phase}`);
  };

  for (const phase of ['parked', 'copied'] as const) {
    it(`recovers from a crash once ${phase}: ${dialect === 'mysql' ? 'resumes' : 'nothing was changed'}`, async () => {
      f = await buildNewApiDatabase(dialect, 'http://127.0.0.1:9');
      db = await open(f);
      await expect(adoptNewApi(db, { secrets, checkpoint: crashAt(phase) })).rejects.toThrow(
        `crash at ${phase}`,
      );
      const kind = kindOf(await describeTables(db));
      if (dialect === 'mysql') {
        expect(kind).toBe('adopting');
        // A schema creation cut short leaves some of our tables behind, empty: they are made again.
        if (phase === 'parked') await sql`create table sessions (id int)`.execute(db);
      } else {
        expect(kind).toBe('newapi');
        expect(await ledger(db, f)).toEqual(expectedLedger(f));
      }
      await adoptNewApi(db, { secrets });
      await expectAdopted(db, f);
    });
  }
});
