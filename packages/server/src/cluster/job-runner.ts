import type { Db } from '../db/database.js';

/** How a node takes part in periodic jobs: `NODE_TYPE=slave` (new-api's name) runs none. */
export type NodeRole = 'master' | 'slave';

/**
 * Periodic jobs (channel tests, balance refreshes, task polling) that must run on one node at a time: each tick
 * the node takes or renews the job's lease in `job_leases` with one conditional statement, and runs the job only
 * if it holds it. The holder renews at every tick, so the others skip the job while it lives; a holder that dies
 * leaves it after two periods. A job still running at the next tick is not started again.
 */
export class JobRunner {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly node: string,
    private readonly role: NodeRole,
    /** Unix seconds. */
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  every(name: string, periodMs: number, job: () => Promise<void>): void {
    if (this.role === 'slave' || !(periodMs > 0)) return;
    let running = false;
    const ttlS = Math.max(2, Math.ceil((2 * periodMs) / 1000));
    const timer = setInterval(() => {
      void (async () => {
        if (!(await this.hold(name, ttlS).catch(() => false)) || running) return;
        running = true;
        try {
          await job();
        } catch (err) {
          console.warn(`switchboard: periodic job ${name} failed:`, (err as Error).message);
        } finally {
          running = false;
        }
      })();
    }, periodMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Takes or renews the lease of `name`; false while another node's lives. */
  async hold(name: string, ttlS: number): Promise<boolean> {
    const now = this.now();
    const taken = await this.db
      .updateTable('job_leases')
      .set({ holder: this.node, expires_at: now + ttlS })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', this.node), eb('expires_at', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return true;
    try {
      await this.db
        .insertInto('job_leases')
        .values({ name, holder: this.node, expires_at: now + ttlS })
        .execute();
      return true;
    } catch {
      // Another node holds it (or took it a moment ago).
      return false;
    }
  }

  /** Stops the timers and hands this node's leases back, so another node takes over at its next tick. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.db.deleteFrom('job_leases').where('holder', '=', this.node).execute();
  }
}
