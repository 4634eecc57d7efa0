import { describe, expect, it } from 'vitest';
import { openTestDb, testDialects } from '../../testing/test-db.js';
import { down, up } from './2026_11_29_000310_session_bind_nonce.js';

describe.each(testDialects())('sessions bind nonce migration on %s', (dialect) => {
  it(
    'drops and re-adds the columns and their index; existing sessions get none pending',
    { timeout: 30_000 },
    async () => {
      const t = await openTestDb(dialect);
      try {
        await down(t.db);
        const columns = async () =>
          (await t.db.introspection.getTables())
            .find((table) => table.name === 'sessions' && (!t.schema || table.schema === t.schema))!
            .columns.map((c) => c.name);
        expect(await columns()).not.toContain('bind_nonce');
        await t.db
          .insertInto('sessions')
          .values({
            id: 'a'.repeat(64),
            user_id: 1,
            created_at: 1,
            expires_at: 2,
            ip: '',
            user_agent: '',
          } as never)
          .execute();
        await up(t.db);
        expect(await columns()).toEqual(expect.arrayContaining(['bind_nonce', 'bind_nonce_expires_at']));
        const row = await t.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ bind_nonce: '', bind_nonce_expires_at: 0 });
        await expect(up(t.db)).rejects.toThrow();
      } finally {
        await t.close();
      }
    },
  );
});
