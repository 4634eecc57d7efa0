import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * This node's name among the nodes sharing a database: kept in its data folder, so that a node restarting on
 * the same disk takes back what it held (its leases, its journal), and a node on another disk never does.
 * Without a data folder (in-memory databases, tests) a fresh one per process.
 */
export function nodeIdentity(dataDir: string | undefined): string {
  const fresh = () => `node-${randomBytes(6).toString('hex')}`;
  if (!dataDir || dataDir === '/nonexistent') return fresh();
  const file = join(dataDir, 'node-id');
  try {
    if (existsSync(file)) {
      const id = readFileSync(file, 'utf8').trim();
      if (/^[\w.-]{1,64}$/.test(id)) return id;
    }
    const id = fresh();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${id}\n`, { mode: 0o600 });
    return id;
  } catch {
    return fresh();
  }
}
