import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { describeTables, type Tables } from './introspect.js';
import { NEW_TABLES, TARGET_TABLES } from './target-schema.js';

describe.each(testDialects())('the adoption target matches the migrated schema on %s', (dialect) => {
  let t: TestDb;
  let tables: Tables;
  beforeAll(async () => {
    t = await openTestDb(dialect);
    tables = await describeTables(t.db);
  });
  afterAll(() => t.close());

  it('names every table: adopted ones with their columns, the others as new', () => {
    const ours = [...tables.keys()].filter((name) => !name.startsWith('kysely_')).sort();
    expect(ours).toEqual([...Object.keys(TARGET_TABLES), ...NEW_TABLES].sort());
    for (const [table, columns] of Object.entries(TARGET_TABLES)) {
      expect(columns.map((c) => c.name).sort(), table).toEqual(
        tables
          .get(table)!
          .map((c) => c.name)
          .sort(),
      );
    }
  });

  it.runIf(dialect !== 'sqlite')('knows the width of every varchar column, so values are cut to fit', () => {
    for (const [table, columns] of Object.entries(TARGET_TABLES)) {
      const varchar = tables.get(table)!.filter((c) => /char/.test(c.type));
      const actual = new Map(varchar.map((c) => [c.name, c.width]));
      for (const c of columns) expect(c.width, `${table}.${c.name}`).toBe(actual.get(c.name));
    }
  });
});
