import type { OptionStore } from '../../option-store.js';
import { MemoryRateLimiter } from '../../http/rate-limit.js';
import { relayError } from '../core/relay-error.js';

/**
 * Per-user model request limits (ModelRequestRateLimit*, reference §5.7): at most `Count` requests (failed ones
 * included; 0 = unlimited) and `SuccessCount` successful ones per `DurationMinutes`. Options are read on every
 * request, so a change applies at once (new-api 0.4.8 needed a restart); limiters are rebuilt when they change.
 */
export class ModelRateLimit {
  private key = '';
  private total: MemoryRateLimiter | undefined;
  private readonly successLog = new Map<number, number[]>();

  constructor(private readonly options: OptionStore) {}

  private settings() {
    const o = this.options;
    return {
      enabled: o.bool('ModelRequestRateLimitEnabled'),
      minutes: Math.max(1, o.number('ModelRequestRateLimitDurationMinutes') || 1),
      count: Math.max(0, o.number('ModelRequestRateLimitCount')),
      successCount: Math.max(1, o.number('ModelRequestRateLimitSuccessCount') || 1000),
    };
  }

  private refresh(s: ReturnType<ModelRateLimit['settings']>): void {
    const key = `${s.minutes}/${s.count}/${s.successCount}`;
    if (key === this.key) return;
    this.key = key;
    this.total = s.count > 0 ? new MemoryRateLimiter(s.count, s.minutes * 60_000) : undefined;
    this.successLog.clear();
  }

  /** Admits one request of `userId`, or throws 429 with new-api's message. */
  admit(userId: number, now = Date.now()): void {
    const s = this.settings();
    if (!s.enabled) return;
    this.refresh(s);
    const since = now - s.minutes * 60_000;
    const successes = (this.successLog.get(userId) ?? []).filter((t) => t > since);
    this.successLog.set(userId, successes);
    if (successes.length >= s.successCount) {
      throw relayError(
        429,
        'relay.rateLimited',
        { minutes: s.minutes, count: s.successCount },
        'rate_limit_exceeded',
      );
    }
    if (this.total && !this.total.hit(String(userId), now).allowed) {
      throw relayError(
        429,
        'relay.rateLimited',
        { minutes: s.minutes, count: s.count },
        'rate_limit_exceeded',
      );
    }
  }

  /** Counts a successful (status < 400) request. */
  succeeded(userId: number, now = Date.now()): void {
    if (!this.options.bool('ModelRequestRateLimitEnabled')) return;
    const list = this.successLog.get(userId) ?? [];
    list.push(now);
    this.successLog.set(userId, list);
  }
}
