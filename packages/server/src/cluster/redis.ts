import { Redis } from 'ioredis';

/**
 * The connection to Redis when `REDIS_CONN_STRING` is set. Redis speeds agreement between nodes (change
 * notices, shared rate limits) but is never the only record of anything: whatever it carries, the database
 * also has, so the nodes keep working, only slower to agree, while it is away. Commands fail at once instead of
 * queueing while it is down (callers fall back), and the client reconnects on its own, so a Redis that comes
 * back is used again without a restart.
 */
export class SharedRedis {
  readonly client: Redis;
  /** A second connection: one in subscriber mode can issue no other command. */
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, (message: string) => void>();
  private readonly onUp = new Set<() => void>();
  private state: 'unknown' | 'up' | 'down' = 'unknown';
  private closing = false;

  constructor(
    url: string,
    private readonly log: (message: string) => void = (m) => console.warn(`switchboard: ${m}`),
  ) {
    this.client = this.connect(url);
    this.client.on('ready', () => this.changed(true));
    this.client.on('end', () => this.changed(false));
    this.client.on('close', () => this.changed(false));
  }

  private connect(url: string): Redis {
    const client = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      // Forever, at most every 2 s: Redis coming back is picked up without a restart.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    // Connection errors are reported once per outage (changed); ioredis would print each retry's otherwise.
    client.on('error', () => this.changed(false));
    return client;
  }

  /** Whether commands can be sent now. */
  get up(): boolean {
    return this.client.status === 'ready';
  }

  /** Runs `fn` each time the connection is ready again after an outage. */
  whenBack(fn: () => void): void {
    this.onUp.add(fn);
  }

  private changed(up: boolean): void {
    const next = up ? 'up' : 'down';
    if (next === this.state || this.closing) return;
    const recovered = up && this.state === 'down';
    this.state = next;
    if (!up) this.log('Redis is unreachable; the nodes agree through the database meanwhile');
    else if (recovered) {
      this.log('Redis is reachable again');
      for (const fn of this.onUp) fn();
    }
  }

  /** Publishes without waiting; a message lost while Redis is away is made up by the database poll. */
  publish(channel: string, message: string): void {
    if (this.up) this.client.publish(channel, message).catch(() => undefined);
  }

  /** Calls `fn` with every message on `channel`. */
  async subscribe(channel: string, fn: (message: string) => void): Promise<void> {
    this.listeners.set(channel, fn);
    if (!this.subscriber) {
      // Its SUBSCRIBE waits for the connection (and is sent again after each reconnect): nothing else queues.
      this.subscriber = this.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
      this.subscriber.on('error', () => undefined);
      this.subscriber.on('message', (ch: string, message: string) => this.listeners.get(ch)?.(message));
    }
    // ioredis subscribes again by itself after a reconnect.
    await this.subscriber.subscribe(channel).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.onUp.clear();
    await Promise.allSettled([this.client.quit(), this.subscriber?.quit()]);
    this.client.disconnect();
    this.subscriber?.disconnect();
  }
}
