import { OPTION_DEFAULTS } from '@switchboard/sdk';
import type { Db } from './db/database.js';

type Listener = (key: string, value: string) => void;

/**
 * The options map in memory, backed by the `options` table. Reads are synchronous and free (the relay reads
 * options per request); a write goes to the database first, then memory, then listeners — so a change takes
 * effect at once, with no restart.
 */
export class OptionStore {
  private readonly values = new Map<string, string>();
  private readonly parsed = new Map<string, unknown>();
  private readonly listeners = new Set<Listener>();
  /** Bumped by every change: what is derived from options (the relay's prices) is valid for one version. */
  version = 0;

  private constructor(private readonly db: Db) {}

  static async load(db: Db): Promise<OptionStore> {
    const store = new OptionStore(db);
    await store.reload();
    return store;
  }

  /** Re-reads every row; other nodes call this on their sync tick. */
  async reload(): Promise<void> {
    const rows = await this.db.selectFrom('options').select(['key', 'value']).execute();
    this.values.clear();
    this.parsed.clear();
    this.version++;
    for (const [key, value] of Object.entries(OPTION_DEFAULTS)) this.values.set(key, String(value));
    for (const row of rows) this.values.set(row.key, row.value ?? '');
  }

  get(key: string): string {
    return this.values.get(key) ?? '';
  }

  number(key: string): number {
    const n = Number(this.get(key));
    return Number.isFinite(n) ? n : 0;
  }

  bool(key: string): boolean {
    return this.get(key) === 'true';
  }

  /** A JSON-valued option, parsed once per change; `fallback` when the stored text is not valid JSON. */
  json<T>(key: string, fallback: T): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    let value: T;
    try {
      value = JSON.parse(this.get(key) || 'null') ?? fallback;
    } catch {
      value = fallback;
    }
    this.parsed.set(key, value);
    return value;
  }

  entries(): [string, string][] {
    return [...this.values.entries()];
  }

  /**
   * Saves one option. `within` runs in the same transaction after the write (the audit trail's entry), so the
   * value and its record commit together or not at all; `check`, in it before the write (a revert's "still
   * the value it set"), can refuse by throwing, and nothing is written.
   */
  async set(
    key: string,
    value: string,
    within?: (trx: Db) => Promise<void>,
    check?: (trx: Db) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await check?.(trx);
      const updated = await trx
        .updateTable('options')
        .set({ value })
        .where('key', '=', key)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx.insertInto('options').values({ key, value }).execute();
      await within?.(trx);
    });
    this.values.set(key, value);
    this.parsed.delete(key);
    this.version++;
    for (const listener of this.listeners) listener(key, value);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
