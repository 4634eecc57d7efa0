import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db/database.js';
import type { AppEvents } from './events.js';
import type { OptionStore } from './option-store.js';

/** What every route module and service gets: the process-wide dependencies. */
export interface AppContext {
  db: Db;
  config: Config;
  secrets: SecretBox;
  options: OptionStore;
  /** Change notifications for in-memory caches. */
  events: AppEvents;
  /** Unix seconds. */
  now(): number;
  /**
   * Writes everything buffered in memory (the relay's settlements) to the database. Shutdown calls it; tests
   * call it before reading balances.
   */
  flush(): Promise<void>;
  /** Registers a buffer for {@link AppContext.flush}. */
  onFlush(fn: () => Promise<void>): void;
}
