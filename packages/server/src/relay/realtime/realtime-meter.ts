import type { AttemptInfo } from '../billing/consume-record.js';
import type { Hold } from '../billing/holds.js';
import { audioQuota, dearestTokenQuota, type AudioPrice, type AudioUsage } from '../billing/audio-quota.js';
import { realtimeRecord } from '../billing/realtime-record.js';
import type { AdmittedCaller, RelayCaller } from '../core/caller.js';
import { relayError, type RelayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import { RealtimeCount } from './realtime-count.js';
import { responseUsage, type RealtimeEvent } from './realtime-events.js';

/** Grow the hold once the estimate reaches this share of it, so the next events rarely find it short. */
const GROW_AT = 0.75;

const ZERO: AudioUsage = { textIn: 0, audioIn: 0, textOut: 0, audioOut: 0 };

/**
 * The money of one realtime session. Priced per token, each `response.done` settles that response's usage at the
 * model's text and audio prices, against a hold of the next response's worst case as far as it can be known:
 * what the conversation so far costs to read again, what the client has added, and what the response has
 * produced so far (counted by the relay as it streams). The hold grows as that estimate does; when the free
 * balance cannot cover it, the session must end. Priced per call, the session pays the model's price once.
 * Every method returns the error that must end the session, if any.
 */
export class RealtimeMeter {
  private caller: RelayCaller;
  private readonly hold: Hold;
  private readonly count = new RealtimeCount();
  private readonly perCall: boolean;
  /** Per call: the usage of the responses so far, for the session's one log line. */
  private total: AudioUsage = { ...ZERO };
  private answered = false;
  private done = false;
  /** Something was charged: the session counts as a successful request. */
  settled = false;

  constructor(
    private readonly rt: RelayRuntime,
    caller: AdmittedCaller,
    private readonly ip: string,
    private readonly price: AudioPrice,
    /** The channel and times of the log lines; filled in once the upstream is open. */
    private readonly info: AttemptInfo,
    private readonly quotaPerUnit: number,
  ) {
    this.caller = caller;
    this.perCall = price.modelPrice !== undefined;
    const free = rt.ledger.free(caller, false);
    const base = this.perCall ? audioQuota(price, ZERO, quotaPerUnit) : this.baseHold();
    // Throws the user's or the token's "insufficient quota" when nothing at all is affordable.
    this.hold = rt.ledger.reserve(caller, this.perCall || free <= 0 ? base : Math.min(base, free), false);
  }

  /** What new-api pre-consumes for a session: PreConsumedQuota tokens, here at the dearest token's price. */
  private baseHold(): number {
    return RealtimeMeter.firstHold(this.rt, this.price, this.quotaPerUnit);
  }

  /** The hold a session starts with (a per-call price, else new-api's pre-consumed tokens). */
  static firstHold(rt: RelayRuntime, price: AudioPrice, quotaPerUnit: number): number {
    if (price.modelPrice !== undefined) return audioQuota(price, ZERO, quotaPerUnit);
    const tokens = rt.ctx.options.number('PreConsumedQuota') || 500;
    return Math.max(1, Math.ceil(tokens * dearestTokenQuota(price)));
  }

  /** An event the client sent (and the relay forwarded). */
  client(event: RealtimeEvent): RelayError | undefined {
    this.count.client(event);
    return this.cover();
  }

  /** An event the upstream sent (and the relay forwarded). */
  async upstream(event: RealtimeEvent): Promise<RelayError | undefined> {
    // Each response's log line counts its own time.
    if (event.type === 'response.created') this.info.startedAt = Date.now() / 1000;
    if (event.type !== 'response.done') {
      this.count.upstream(event);
      return this.cover();
    }
    const usage = responseUsage(event) ?? this.count.estimate();
    this.count.responded(usage);
    if (this.perCall) {
      this.answered = true;
      this.total = add(this.total, usage);
      return undefined;
    }
    await this.settle(usage, '');
    return this.next();
  }

  /**
   * The session ended: a response cut short is billed at the relay's count (the upstream bills it all the
   * same), else the hold is released; per call, the price is paid when anything was answered.
   */
  async finish(): Promise<void> {
    if (this.done) return;
    this.done = true;
    if (this.perCall) {
      const cut = this.count.responding ? this.count.estimate() : ZERO;
      if (this.answered || this.count.responding) await this.settle(add(this.total, cut), '');
      else this.rt.ledger.refund(this.hold);
      return;
    }
    if (this.count.responding) await this.settle(this.count.estimate(), '（会话中断，按中继计数）');
    else this.rt.ledger.refund(this.hold);
  }

  private async settle(usage: AudioUsage, note: string): Promise<void> {
    const now = Date.now() / 1000;
    const record = realtimeRecord(this.price, usage, this.info, this.quotaPerUnit, now, note);
    if (!this.perCall && usage.textIn + usage.audioIn + usage.textOut + usage.audioOut === 0)
      record.quota = 0;
    this.settled = true;
    await this.rt.ledger.settle(this.caller, this.hold, record, false);
  }

  /** After a settled response: the caller as it is now, and a hold for the next response. */
  private async next(): Promise<RelayError | undefined> {
    try {
      const who = this.rt.auth.authenticate((this.caller as AdmittedCaller).key, this.ip);
      const fresh = who instanceof Promise ? await who : who;
      this.caller = { ...fresh, key: (this.caller as AdmittedCaller).key } as AdmittedCaller;
    } catch (err) {
      return err as RelayError;
    }
    if (this.rt.ledger.free(this.caller, false) <= 0) return shortOfQuota(this.caller);
    return this.cover(this.baseHold());
  }

  /**
   * Grows the hold ahead of the estimate (to `floor` at least, as far as the balance allows). A response the
   * balance cannot cover any more is the error that ends the session; between responses nothing is due yet.
   */
  private cover(floor = 0): RelayError | undefined {
    if (this.perCall || this.done) return undefined;
    const due = audioQuota(this.price, this.count.estimate(), this.quotaPerUnit);
    const want = Math.max(floor, due);
    if (want > this.hold.amount * GROW_AT) {
      // With several nodes, this node's slice grows ahead in the background for the next look.
      void this.rt.ledger.ensure(this.caller, want * 2, false);
      const free = this.rt.ledger.free(this.caller, false);
      const extra = Math.min(Math.max(want * 2, this.hold.amount * 2) - this.hold.amount, free);
      if (extra > 0) this.rt.ledger.extend(this.caller, this.hold, extra, false);
    }
    return this.count.responding && due > this.hold.amount ? shortOfQuota(this.caller) : undefined;
  }
}

const add = (a: AudioUsage, b: AudioUsage): AudioUsage => ({
  textIn: a.textIn + b.textIn,
  audioIn: a.audioIn + b.audioIn,
  textOut: a.textOut + b.textOut,
  audioOut: a.audioOut + b.audioOut,
});

/** The user's or the limited token's "insufficient quota", whichever balance ran out. */
function shortOfQuota(caller: RelayCaller): RelayError {
  const { user, token } = caller;
  if (!token.unlimited && token.remainQuota < user.quota)
    return relayError(403, 'token.quotaInsufficient', {}, 'pre_consume_token_quota_failed');
  return relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
}
