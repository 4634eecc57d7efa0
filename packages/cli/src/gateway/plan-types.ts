import type { ChannelSpec } from './document.js';

/** One field's change; `from` is undefined for new objects, `to` undefined for removed map entries. */
export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

/** A key that will be sent, why, and a digest of the value (never the value) to detect a changed reference. */
export interface KeyChange {
  ref: string;
  reason: string;
  digest: string;
}

export interface Change {
  kind: 'channel' | 'option' | 'pricing' | 'budget';
  action: 'create' | 'update' | 'delete';
  name: string;
  id?: number;
  fields: FieldChange[];
  key?: KeyChange;
  /** The full entry of a channel to create (its key as a reference). */
  spec?: ChannelSpec;
}

/** What `swb plan` computes and `--out` saves; `swb apply plan.json` replays it if the server still matches. */
export interface Plan {
  format: 'swb-plan';
  version: 1;
  server: string;
  /** The gateway file the plan came from (key file references resolve relative to it). */
  file: string;
  created_at: string;
  /** Digest of the server's managed state when the plan was made. */
  baseline: string;
  prune: boolean;
  changes: Change[];
  /** Server channels absent from the file, kept because --prune was not given. */
  kept: string[];
}

/** Counts per action. */
export function summary(plan: Plan): { create: number; update: number; delete: number } {
  const count = (a: Change['action']) => plan.changes.filter((c) => c.action === a).length;
  return { create: count('create'), update: count('update'), delete: count('delete') };
}
