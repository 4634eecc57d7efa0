import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../testing/test-db.js';
import { dbTargetFromEnv } from './database.js';
import { insertReturningId } from './insert-id.js';
import { toBool } from './tables.js';

describe('dbTargetFromEnv', () => {
  it('reads SQL_DSN the way new-api does', () => {
    expect(dbTargetFromEnv(undefined, 'data/x.db')).toEqual({ dialect: 'sqlite', url: 'data/x.db' });
    expect(dbTargetFromEnv('postgres://u@h/db', 'x').dialect).toBe('postgres');
    expect(dbTargetFromEnv('mysql://root@127.0.0.1/test', 'x').dialect).toBe('mysql');
    expect(() => dbTargetFromEnv('oracle://x', 'x')).toThrow(/SQL_DSN must start with/);
  });
});

describe.each(testDialects())('schema on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('round-trips quoted column names, booleans and big quotas', async () => {
    const { db } = t;
    const userId = await insertReturningId(db, 'users', {
      username: 'alice',
      password: 'x',
      group: 'vip',
      quota: 9_000_000_000_000,
    });
    await db
      .insertInto('tokens')
      .values({ user_id: userId, key: 'k'.repeat(48), unlimited_quota: 1, group: 'vip' })
      .execute();
    const row = await db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['tokens.unlimited_quota', 'tokens.model_limits_enabled', 'users.quota', 'users.group'])
      .executeTakeFirstOrThrow();
    expect(toBool(row.unlimited_quota)).toBe(true);
    expect(toBool(row.model_limits_enabled)).toBe(false);
    expect(row.quota).toBe(9_000_000_000_000);
    expect(row.group).toBe('vip');
  });

  it('enforces unique keys', async () => {
    await expect(
      t.db
        .insertInto('tokens')
        .values({ user_id: 1, key: 'k'.repeat(48) })
        .execute(),
    ).rejects.toThrow();
  });
});
