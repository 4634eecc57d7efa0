import type { Agent } from 'undici';
import type { AppContext } from '../context.js';
import type { ChannelIndex } from './channel-index.js';
import type { Ledger } from './ledger.js';
import type { TokenAuth } from './token-auth.js';

/** The relay's long-lived parts, built once per app. */
export interface RelayRuntime {
  ctx: AppContext;
  auth: TokenAuth;
  channels: ChannelIndex;
  ledger: Ledger;
  agent: Agent;
}
