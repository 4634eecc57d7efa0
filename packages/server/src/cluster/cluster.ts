import type { ClusterConfig, Config } from '../config.js';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import type { AppEvents } from '../events.js';
import { MemoryRateLimiter } from '../http/rate-limit.js';
import type { LimiterFactory } from '../http/rate-limit-hooks.js';
import type { OptionStore } from '../option-store.js';
import { ChangeFeed } from './change-feed.js';
import { JobRunner } from './job-runner.js';
import { nodeIdentity } from './node-id.js';
import { SharedRedis } from './redis.js';
import { RedisRateLimiter } from './shared-rate-limit.js';

const DEFAULTS: ClusterConfig = { syncMs: 60_000, role: 'master', shutdownMs: 30_000 };

/** What a node shares with the others on its database, and how it reaches them. */
export class Cluster {
  readonly node: string;
  readonly settings: ClusterConfig;
  readonly redis: SharedRedis | undefined;
  readonly jobs: JobRunner;
  private feed: ChangeFeed | undefined;

  constructor(
    private readonly db: Db,
    config: Config,
    private readonly now: () => number,
  ) {
    this.settings = config.cluster ?? DEFAULTS;
    // A node restarting on the same disk is the same node: it takes back its leases and replays its journal.
    this.node = nodeIdentity(config.ledgerJournalDir ? config.dataDir : undefined);
    this.redis = config.redisUrl ? new SharedRedis(config.redisUrl) : undefined;
    this.jobs = new JobRunner(db, this.node, this.settings.role, now);
    this.shared = config.redisUrl !== undefined || dialectOf(db) !== 'sqlite';
  }

  /** Whether other nodes may share the database: a server database, or Redis named. SQLite alone is one node. */
  readonly shared: boolean;

  /** Limits counted in Redis when it is set (across nodes), else on this node. */
  readonly limiter: LimiterFactory = (name, count, windowMs) =>
    this.redis
      ? new RedisRateLimiter(this.redis, name, count, windowMs)
      : new MemoryRateLimiter(count, windowMs);

  /** Starts following the other nodes' changes (once every cache has registered its listener). */
  async follow(events: AppEvents, options: OptionStore): Promise<void> {
    if (!this.shared) return;
    this.feed = new ChangeFeed(
      this.db,
      events,
      options,
      this.node,
      this.settings.syncMs,
      this.redis,
      this.now,
    );
    await this.feed.start();
  }

  /** Resolves once this node's changes so far are written for the others (tests). */
  published(): Promise<void> {
    return this.feed?.published() ?? Promise.resolve();
  }

  /** Reads the other nodes' changes now (tests; a doorbell does this by itself). */
  sync(): Promise<void> {
    return this.feed?.read() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.feed?.stop();
    await this.jobs.stop().catch(() => undefined);
    await this.redis?.close();
  }
}
