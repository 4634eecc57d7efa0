import { existsSync } from 'node:fs';

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * Copies a SQLite file beside itself (`<file>.newapi-backup-<UTC time>`) through SQLite's online backup, so the
 * copy is consistent even if new-api is still running on it. Answers the copy's path.
 */
export async function backupSqlite(file: string): Promise<string> {
  let target = `${file}.newapi-backup-${stamp()}`;
  for (let n = 2; existsSync(target); n++) target = `${file}.newapi-backup-${stamp()}-${n}`;
  const { default: SQLite } = await import('better-sqlite3');
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  return target;
}
