import type { Config } from './config.js';
import type { SecretBox } from './crypto.js';
import type { Db } from './db/database.js';
import type { AppEvents } from './events.js';
import type { OptionStore } from './option-store.js';
import type { Metrics } from './observe/metrics.js';
import type { Tracing } from './observe/tracing.js';

/** What every route module and service gets: the process-wide dependencies. */
export interface AppContext {
  db: Db;
  /** Where the `logs` table lives: `LOG_SQL_DSN`'s database, else `db` itself. */
  logDb: Db;
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
  /** This node's name among the nodes sharing the database (cluster/node-id.ts). */
  node: string;
  /** Periodic jobs, run by one node at a time (cluster/job-runner.ts). */
  jobs: JobScheduler;
  /** Set when the node is draining for shutdown: readiness turns false, nothing new should start. */
  draining: boolean;
  /** Prometheus metrics, when on (`METRICS_ENABLED`, `METRICS_PORT`). */
  metrics?: Metrics;
  /** OpenTelemetry traces, when an OTLP endpoint is set. */
  tracing?: Tracing;
}

export interface JobScheduler {
  /** Runs `job` every `periodMs` on whichever node holds its lease; never under `NODE_TYPE=slave`. */
  every(name: string, periodMs: number, job: () => Promise<void>): void;
}
