import type { Config } from '../config.js';
import type { DialectName } from '../db/dialect.js';
import { createTestApp } from './test-app.js';
import { openTestDb } from './test-db.js';

export type TestNode = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Several apps on one database, in this process, each with its own connection pool and node name: what two
 * nodes share (the database, Redis when configured) and nothing else. For PostgreSQL and MySQL; the tests that
 * need real processes (signals, kill -9) use testing/server-process.ts.
 */
export async function createTestCluster(
  count: number,
  opts: { dialect: Exclude<DialectName, 'sqlite'>; config?: Partial<Config> },
): Promise<{ nodes: TestNode[]; close(): Promise<void> }> {
  const testDb = await openTestDb(opts.dialect);
  const nodes: TestNode[] = [];
  for (let i = 0; i < count; i++) {
    const db = i === 0 ? testDb.db : await testDb.connect!();
    nodes.push(
      await createTestApp({
        config: opts.config,
        shared: { db, close: () => (i === 0 ? Promise.resolve() : db.destroy()) },
      }),
    );
  }
  return {
    nodes,
    async close() {
      for (const node of nodes) await node.close();
      await testDb.close();
    },
  };
}
