import { describe, expect, it } from 'vitest';
import { openTestDb, testDialects } from '../../testing/test-db.js';
import { down, up } from './2026_11_23_000020_top_ups_user_index.js';

describe.each(testDialects())('top_ups user index migration on %s', (dialect) => {
  it('drops and recreates the index', { timeout: 30_000 }, async () => {
    const t = await openTestDb(dialect);
    try {
      await down(t.db);
      await up(t.db);
      const table = (await t.db.introspection.getTables()).find(
        (table) => table.name === 'top_ups' && (!t.schema || table.schema === t.schema),
      );
      expect(table).toBeDefined();
      // A second up fails only if the index really exists again.
      await expect(up(t.db)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
