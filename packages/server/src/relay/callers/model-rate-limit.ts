import type { OptionStore } from '../../option-store.js';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { relayError } from '../core/relay-error.js';
import type { SharedModelLimit } from './shared-model-limit.js';

type Settings = ReturnType<ModelRateLimit['settings']>;

const refused = (minutes: number, count: number) =>
  relayError(429, 'relay.rateLimited', { minutes, count }, 'rate_limit_exceeded');

/**
 * Per-user model request limits (ModelRequestRateLimit*, reference §5.7): at most `Count` requests (failed ones
 * included; 0 = unlimited) and `SuccessCount` successful ones per `DurationMinutes`. Options are read on every
 * request, so a change applies at once (new-api 0.4.8 needed a restart); limiters are rebuilt when they change.
 */
export class ModelRateLimit {
  private key = '';
  private total: MemoryRateLimiter | undefined;
  private readonly successLog = new Map<number, number[]>();

  constructor(
    private readonly options: OptionStore,
    /** Counts across nodes when Redis is set; this node's own counts stand in while it is unreachable. */
    private readonly shared?: SharedModelLimit,
  ) {}

  private settings() {
    const o = this.options;
    return {
      enabled: o.bool('ModelRequestRateLimitEnabled'),
      minutes: Math.max(1, o.number('ModelRequestRateLimitDurationMinutes') || 1),
      count: Math.max(0, o.number('ModelRequestRateLimitCount')),
      successCount: Math.max(1, o.number('ModelRequestRateLimitSuccessCount') || 1000),
    };
  }

  private refresh(s: Settings): void {
    const key = `${s.minutes}/${s.count}/${s.successCount}`;
    if (key === this.key) return;
    this.key = key;
    this.total = s.count > 0 ? new MemoryRateLimiter(s.count, s.minutes * 60_000) : undefined;
    this.successLog.clear();
  }

  /** Requests refused so far (`switchboard_rate_limit_refusals_total{limit="model"}`). */
  refusals = 0;

  private refuse(minutes: number, count: number) {
    this.refusals++;
    return refused(minutes, count);
  }

  /** Admits one request of `userId`, or throws 429 with new-api's message. */
  admit(userId: number, now = Date.now()): void | Promise<void> {
    const s = this.settings();
    if (!s.enabled) return;
    if (this.shared?.up) return this.admitShared(userId, s, now);
    this.admitHere(userId, s, now);
  }

  private async admitShared(userId: number, s: Settings, now: number): Promise<void> {
    let verdict: 0 | 1 | 2;
    try {
      verdict = await this.shared!.admit(userId, s.minutes * 60_000, s.count, s.successCount);
    } catch {
      return this.admitHere(userId, s, now);
    }
    if (verdict !== 0) throw this.refuse(s.minutes, verdict === 2 ? s.successCount : s.count);
  }

  private admitHere(userId: number, s: Settings, now: number): void {
    this.refresh(s);
    const since = now - s.minutes * 60_000;
    const successes = (this.successLog.get(userId) ?? []).filter((t) => t > since);
    this.successLog.set(userId, successes);
    if (successes.length >= s.successCount) throw this.refuse(s.minutes, s.successCount);
    if (this.total && !this.total.hit(String(userId), now).allowed) throw this.refuse(s.minutes, s.count);
  }

  /** Counts a successful (status < 400) request. */
  succeeded(userId: number, now = Date.now()): void {
    if (!this.options.bool('ModelRequestRateLimitEnabled')) return;
    if (this.shared?.up) return this.shared.succeeded(userId, this.settings().minutes * 60_000);
    const list = this.successLog.get(userId) ?? [];
    list.push(now);
    this.successLog.set(userId, list);
  }
}
