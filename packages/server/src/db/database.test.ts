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
    expect(() => dbTargetFromEnv('oracle://x', 'x')).toThrow(/network 'oracle:\/' unknown/);
    expect(dbTargetFromEnv('local', 'data/x.db')).toEqual({ dialect: 'sqlite', url: 'data/x.db' });
  });

  it("reads Go's MySQL DSN as go-sql-driver does, keeping the password out of errors", () => {
    const url = (dsn: string) => new URL(dbTargetFromEnv(dsn, 'x').url);
    const full = url(
      'root:p@ss:w/rd@tcp(db.internal:3307)/oneapi?parseTime=true&charset=utf8mb4,utf8&loc=Local',
    );
    expect(full.protocol).toBe('mysql:');
    expect([full.hostname, full.port, full.pathname]).toEqual(['db.internal', '3307', '/oneapi']);
    expect([decodeURIComponent(full.username), decodeURIComponent(full.password)]).toEqual([
      'root',
      'p@ss:w/rd',
    ]);
    expect(Object.fromEntries(full.searchParams)).toEqual({ charset: 'UTF8MB4' });
    const bare = url('u@/db');
    expect([bare.hostname, bare.port, decodeURIComponent(bare.username)]).toEqual(['127.0.0.1', '3306', 'u']);
    expect(url('u:p@tcp(db)/x').port).toBe('3306');
    expect(url('u:p@tcp([::1]:3310)/x').hostname).toBe('[::1]');
    expect(url('u@unix(/run/mysqld/mysqld.sock)/x').searchParams.get('socketPath')).toBe(
      '/run/mysqld/mysqld.sock',
    );
    const tuned = url(
      'u@tcp(h:1)/x?timeout=1m30s&tls=skip-verify&collation=utf8mb4_unicode_ci&charset=latin1',
    );
    expect(Object.fromEntries(tuned.searchParams)).toEqual({
      connectTimeout: '90000',
      ssl: '{"rejectUnauthorized":false}',
      charset: 'UTF8MB4_UNICODE_CI',
    });
    expect(() => dbTargetFromEnv('u:secret@tcp(h:1/x', 'x')).toThrow(/missing closing brace/);
    expect(() => dbTargetFromEnv('u:secret@tcp(h:1)/x?timeout=soon', 'x')).toThrow(/invalid duration "soon"/);
    expect(() => dbTargetFromEnv('u:secret@tcp(h:1)db', 'x')).toThrow(/missing the slash/);
    expect(() => dbTargetFromEnv('u:secret@tcp(h:1)db', 'x')).not.toThrow(/secret/);
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
