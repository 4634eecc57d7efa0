import { EventEmitter } from 'node:events';

/**
 * What changed, for in-memory caches (the relay's channel index and token cache). Ids may be empty, meaning
 * "possibly all". One bus per app, so several apps in one process (tests, mock-server) never hear each other.
 */
export interface AppEventMap {
  channels: [ids: readonly number[]];
  tokens: [ids: readonly number[]];
  users: [ids: readonly number[]];
  /** Option keys saved (the store holds them already on the node that saved them). */
  options: [keys: readonly string[]];
}

export type ChangeKind = keyof AppEventMap;

export class AppEvents extends EventEmitter<AppEventMap> {}
