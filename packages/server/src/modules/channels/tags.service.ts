import { ChannelStatus, type ChannelTagEditParamsSchema } from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ChannelsTable } from '../../db/tables.js';
import { notFound } from '../../http/errors.js';
import type { AuditActor } from '../audit/audited.js';
import { rebuildAbilities, setAbilitiesEnabled } from './abilities.js';
import { auditChannelChanged } from './channel-audit.js';
import * as repo from './channels.repository.js';
import { notifyChannelsChanged, otherInfoFor } from './channels.service.js';

/** Sets (or, with an empty tag, clears) the tag of the given channels and their abilities; returns the count. */
export async function setChannelsTag(
  ctx: AppContext,
  actor: AuditActor,
  ids: readonly number[],
  tag: string,
): Promise<number> {
  const count = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findChannelsByIds(trx, ids);
    const result = await trx.updateTable('channels').set({ tag }).where('id', 'in', ids).executeTakeFirst();
    await trx.updateTable('abilities').set({ tag }).where('channel_id', 'in', ids).execute();
    for (const row of before)
      await auditChannelChanged(ctx, trx, actor, 'channel.set_tag', row, { ...row, tag });
    return Number(result.numUpdatedRows);
  });
  if (count > 0) notifyChannelsChanged(ctx, [...ids]);
  return count;
}

/** Enables (1) or disables (2) every channel of a tag, abilities included; unknown tags are a 404. */
export async function setTagStatus(
  ctx: AppContext,
  actor: AuditActor,
  tag: string,
  status: typeof ChannelStatus.Enabled | typeof ChannelStatus.ManuallyDisabled,
): Promise<number> {
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const channels = await repo.findChannelsByTag(trx, tag);
    if (channels.length === 0) throw notFound('channel.notFound');
    const now = ctx.now();
    for (const channel of channels) {
      if (channel.status === status) continue;
      const other_info = otherInfoFor(channel.other_info, status, now, 'manually changed');
      await trx.updateTable('channels').set({ status, other_info }).where('id', '=', channel.id).execute();
      const action = status === ChannelStatus.Enabled ? 'channel.enable_tag' : 'channel.disable_tag';
      await auditChannelChanged(ctx, trx, actor, action, channel, { ...channel, status, other_info });
    }
    const ids = channels.map((c) => c.id);
    await setAbilitiesEnabled(trx, ids, status === ChannelStatus.Enabled);
    return ids;
  });
  notifyChannelsChanged(ctx, ids);
  return ids.length;
}

/**
 * `PUT /api/channel/tag`: overwrites the given fields on every channel of the tag (absent fields mean no
 * change; `new_tag: ''` dissolves the tag) and rebuilds their abilities; returns the number of channels.
 */
export async function editTag(
  ctx: AppContext,
  actor: AuditActor,
  params: z.output<typeof ChannelTagEditParamsSchema>,
): Promise<number> {
  const patch: Updateable<ChannelsTable> = {};
  if (params.new_tag !== undefined) patch.tag = params.new_tag;
  if (params.priority !== undefined) patch.priority = params.priority;
  if (params.weight !== undefined) patch.weight = params.weight;
  if (params.model_mapping !== undefined) patch.model_mapping = params.model_mapping;
  if (params.models !== undefined) patch.models = params.models;
  if (params.groups !== undefined) patch.group = params.groups;
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const channels = await repo.findChannelsByTag(trx, params.tag);
    if (channels.length === 0) throw notFound('channel.notFound');
    const ids = channels.map((c) => c.id);
    await trx.updateTable('channels').set(patch).where('id', 'in', ids).execute();
    const saved = await repo.findChannelsByIds(trx, ids);
    await rebuildAbilities(trx, saved);
    for (const row of saved) {
      const was = channels.find((c) => c.id === row.id)!;
      await auditChannelChanged(ctx, trx, actor, 'channel.edit_tag', was, row);
    }
    return ids;
  });
  notifyChannelsChanged(ctx, ids);
  return ids.length;
}
