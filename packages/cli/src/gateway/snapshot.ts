import { byText } from '../core/format.js';
import { createHash } from 'node:crypto';
import type { Channel, OptionEntry, User } from '@switchboard/sdk';
import type { Context } from '../core/context.js';
import { canonical } from './document.js';
import { channelToSpec, userBudgets } from './normalize.js';

/** What plan and apply read from the server. */
export interface Snapshot {
  channels: Channel[];
  options: OptionEntry[];
  /** Users, for their budgets (empty for a caller who may not list users). */
  users: User[];
  /** Digest of every managed value (with channel ids): a saved plan is stale when it differs. */
  digest: string;
}

/** Reads every channel and option through the SDK. */
export async function takeSnapshot(ctx: Context): Promise<Snapshot> {
  const client = ctx.client();
  const [channels, options, users] = await Promise.all([
    client.channels
      .list({ pageSize: 100, id_sort: true }, ctx.req)
      .then((p) => p.toArray({ limit: 1_000_000 })),
    client.options.list(ctx.req),
    client.users
      .list({ pageSize: 100 }, ctx.req)
      .then((p) => p.toArray({ limit: 1_000_000 }))
      .catch(() => [] as User[]),
  ]);
  const managed = {
    channels: [...channels].sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, ...channelToSpec(c) })),
    options: Object.fromEntries(
      [...options].sort((a, b) => byText(a.key, b.key)).map((o) => [o.key, o.value]),
    ),
    budgets: userBudgets(users),
  };
  return { channels, options, users, digest: sha256(canonical(managed)) };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
