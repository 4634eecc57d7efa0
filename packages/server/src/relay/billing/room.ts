/** How long a request whose balance would pay it waits for the caller's requests in flight to settle. */
const WAIT_MS = (Number(process.env.ADMISSION_WAIT_S ?? 10) || 0) * 1000;
/** Requests of one caller waiting at once, at most; past that, they are capped or refused at once. */
const MAX_WAITING = 256;
/** With several nodes a slice may come free on another node: look again this often meanwhile. */
const RECHECK_MS = 200;

/**
 * Requests waiting for room in a balance that their own caller's requests in flight fill: a request whose worst
 * case the balance would pay, were nothing in flight, waits (up to `ADMISSION_WAIT_S`, 10 s) for a hold to be
 * released instead of being refused at once; a burst of small requests on a small balance is then served one
 * after another as far as the balance goes. Keyed by user (`u<id>`) and limited token (`t<id>`).
 */
export class Room {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Whether requests may wait at all (`ADMISSION_WAIT_S=0` refuses at once, as before). */
  readonly enabled = WAIT_MS > 0;

  /** Clock ms until which a request admitted now may wait. */
  deadline(): number {
    return Date.now() + WAIT_MS;
  }

  /**
   * Resolves at the next release of a hold of one of `keys`, after `RECHECK_MS`, or at the deadline; false when
   * the caller has too many requests waiting already.
   */
  wait(keys: readonly string[], deadline: number): Promise<boolean> {
    if (keys.some((k) => (this.waiting.get(k)?.size ?? 0) >= MAX_WAITING)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const k of keys) {
          const set = this.waiting.get(k);
          set?.delete(done);
          if (set?.size === 0) this.waiting.delete(k);
        }
        resolve(true);
      };
      const timer = setTimeout(done, Math.max(0, Math.min(RECHECK_MS, deadline - Date.now())));
      for (const k of keys) {
        let set = this.waiting.get(k);
        if (!set) this.waiting.set(k, (set = new Set()));
        set.add(done);
      }
    });
  }

  /** A hold of `key` was released: its waiters look again. */
  released(key: string): void {
    const set = this.waiting.get(key);
    if (!set) return;
    for (const done of [...set]) done();
  }
}
