import type { Lang } from '@switchboard/sdk';
import type WebSocket from 'ws';
import type { AudioPrice } from '../billing/audio-quota.js';
import type { AttemptInfo } from '../billing/consume-record.js';
import type { RelayChannel } from '../channels/channel-index.js';
import type { AdmittedCaller } from '../core/caller.js';
import { RelayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import { dialRealtime } from './realtime-dial.js';
import {
  errorEvent,
  invalidFrame,
  parseEvent,
  relayErrorBody,
  type RealtimeErrorBody,
} from './realtime-events.js';
import { RealtimeMeter } from './realtime-meter.js';
import { closeCodeAfter, RelayPipe } from './relay-pipe.js';

/** Close codes the relay ends a session with. */
export const CLOSE = { normal: 1000, goingAway: 1001, policy: 1008, internal: 1011, tryLater: 1013 } as const;

/**
 * The close code after a failure: the caller's own (quota, key, model: 1008, policy), too many requests (1013,
 * try again later), else the upstream's or the server's (1011).
 */
function closeCodeFor(err: unknown): number {
  if (!(err instanceof RelayError)) return CLOSE.internal;
  if (err.status === 429) return CLOSE.tryLater;
  return !err.upstream && err.status < 500 ? CLOSE.policy : CLOSE.internal;
}

export interface SessionPlan {
  caller: AdmittedCaller;
  ip: string;
  requestId: string;
  lang: Lang;
  group: string;
  model: string;
  price: AudioPrice;
  pinned?: RelayChannel;
  bySubprotocol: boolean;
  quotaPerUnit: number;
  maxPayload: number;
}

/**
 * One realtime session, from the client's accepted upgrade to its end: the hold is taken, the upstream opened
 * (the client's first events wait meanwhile), then every event is forwarded both ways as it comes and metered
 * behind it. Whichever side closes, the other is closed too and the usage is billed; a balance that runs out
 * ends the session with an error event. Resolves once everything is settled.
 */
export class RealtimeSession {
  private meter: RealtimeMeter | undefined;
  private pipe: RelayPipe | undefined;
  private billing: Promise<unknown> = Promise.resolve();
  private readonly waiting: { text: string; event: Record<string, unknown> }[] = [];
  private readonly left = new AbortController();
  private ended = false;
  readonly finished: Promise<void>;
  private finish!: () => void;

  constructor(
    private readonly rt: RelayRuntime,
    private readonly client: WebSocket,
    private readonly plan: SessionPlan,
  ) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
    client.on('message', (data, isBinary) => this.fromClient(data as Buffer, isBinary));
    client.on('close', () => this.end(CLOSE.normal, ''));
    client.on('error', () => client.terminate());
  }

  async start(): Promise<void> {
    const { rt, plan } = this;
    const startedAt = performance.now();
    const info: AttemptInfo = {
      requestedModel: plan.model,
      upstreamModel: plan.model,
      channelId: 0,
      useChannel: [],
      group: plan.group,
      isStream: true,
      startedAt: Date.now() / 1000,
      frtMs: -1000,
    };
    try {
      // With several nodes: this node's slice of the balance, grown first (as far as the balance allows).
      await rt.ledger.ensure(plan.caller, RealtimeMeter.firstHold(rt, plan.price, plan.quotaPerUnit), false);
      this.meter = new RealtimeMeter(rt, plan.caller, plan.ip, plan.price, info, plan.quotaPerUnit);
      const open = await dialRealtime(rt, {
        group: plan.group,
        model: plan.model,
        ...(plan.pinned ? { pinned: plan.pinned } : {}),
        bySubprotocol: plan.bySubprotocol,
        maxPayload: plan.maxPayload,
        signal: this.left.signal,
      });
      if (!open) return this.end(CLOSE.normal, '');
      Object.assign(info, {
        channelId: open.channel.id,
        upstreamModel: open.upstreamModel,
        useChannel: open.tried.map(String),
      });
      if (this.ended) {
        open.socket.socket.close(CLOSE.normal);
        return;
      }
      this.pipe = new RelayPipe(this.client, open.socket, {
        first: () => (info.frtMs = Math.round(performance.now() - startedAt)),
        event: (event) => this.meterUpstream(event),
        closed: (code, reason) => this.end(closeCodeAfter(code), reason),
      });
      for (const { text, event } of this.waiting.splice(0)) this.forwardClient(text, event);
    } catch (err) {
      this.fail(relayErrorBody(err, plan.requestId, plan.lang), closeCodeFor(err));
    }
  }

  /** Ends the session from outside (the server is shutting down). */
  shutdown(): Promise<void> {
    this.end(CLOSE.goingAway, 'server shutting down');
    return this.finished;
  }

  private fromClient(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    const text = isBinary ? undefined : data.toString('utf8');
    const event = text === undefined ? undefined : parseEvent(text);
    if (!event || typeof event.type !== 'string') {
      const why = isBinary
        ? 'Binary frames are not supported: send events as JSON text.'
        : 'The event is not a JSON object with a type.';
      this.client.send(errorEvent(this.plan.requestId, invalidFrame(why)));
      return;
    }
    if (!this.pipe) this.waiting.push({ text: text!, event });
    else this.forwardClient(text!, event);
  }

  private forwardClient(text: string, event: Record<string, unknown>): void {
    this.pipe!.toUpstream(text);
    this.behind(() => this.meter!.client(event));
  }

  private meterUpstream(event: Record<string, unknown>): void {
    this.behind(() => this.meter!.upstream(event));
  }

  /** Metering runs behind the forwarding, in order; an error it returns ends the session. */
  private behind(step: () => unknown): void {
    this.billing = this.billing.then(step).then((error) => {
      if (error && !this.ended)
        this.fail(relayErrorBody(error, this.plan.requestId, this.plan.lang), closeCodeFor(error));
    });
  }

  private fail(error: RealtimeErrorBody, code: number): void {
    if (this.client.readyState === this.client.OPEN) this.client.send(errorEvent(this.plan.requestId, error));
    this.end(code, String(error.code ?? error.type));
  }

  /** Closes both sides (once), then bills what was used and resolves {@link finished}. */
  private end(code: number, reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.left.abort();
    this.pipe?.close(code, reason);
    if (!this.pipe && this.client.readyState === this.client.OPEN)
      this.client.close(code, reason.slice(0, 120));
    void this.billing
      .then(() => this.meter?.finish())
      .then(() => {
        if (this.meter?.settled) this.rt.limits.succeeded(this.plan.caller.user.id);
      })
      .catch((err: unknown) => console.error('switchboard: realtime settlement failed:', err))
      .finally(() => this.finish());
  }
}
