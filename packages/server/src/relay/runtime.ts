import type { UpstreamAgent } from './upstream/upstream.js';
import type { AppContext } from '../context.js';
import type { ChannelHealth } from './channels/channel-health.js';
import type { ChannelIndex } from './channels/channel-index.js';
import type { Ledger } from './billing/ledger.js';
import type { ModelRateLimit } from './callers/model-rate-limit.js';
import type { TokenAuth } from './callers/token-auth.js';
import type { RelayObserver } from '../observe/relay-track.js';
import type { TokenCaps } from './callers/token-caps.js';

/** The relay's long-lived parts, built once per app. */
export interface RelayRuntime {
  ctx: AppContext;
  auth: TokenAuth;
  channels: ChannelIndex;
  /** Automatic disabling and enabling of channels. */
  health: ChannelHealth;
  ledger: Ledger;
  limits: ModelRateLimit;
  /** Per-token caps on requests in flight and per minute. */
  caps: TokenCaps;
  agent: UpstreamAgent;
  /** Metrics and traces of relay requests; undefined when both are off. */
  observer?: RelayObserver;
}
