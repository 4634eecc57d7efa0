import { byText } from '../core/format.js';
import { createHash } from 'node:crypto';
import type { Channel, OptionEntry } from '@switchboard/sdk';
import type { Context } from '../core/context.js';
import { canonical } from './document.js';
import { channelToSpec } from './normalize.js';

/** What plan and apply read from the server. */
export interface Snapshot {
  channels: Channel[];
  options: OptionEntry[];
  /** Digest of every managed value (with channel ids): a saved plan is stale when it differs. */
  digest: string;
}

/** Reads every channel and option through the SDK. */
export async function takeSnapshot(ctx: Context): Promise<Snapshot> {
  const client = ctx.client();
  const [channels, options] = await Promise.all([
    client.channels
      .list({ pageSize: 100, id_sort: true }, ctx.req)
      .then((p) => p.toArray({ limit: 1_000_000 })),
    client.options.list(ctx.req),
  ]);
  const managed = {
    channels: [...channels].sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, ...channelToSpec(c) })),
    options: Object.fromEntries(
      [...options].sort((a, b) => byText(a.key, b.key)).map((o) => [o.key, o.value]),
    ),
  };
  return { channels, options, digest: sha256(canonical(managed)) };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
