import {
  ChannelStatus,
  parseChannelOtherInfo,
  splitList,
  type Channel,
  type ChannelCreateParamsSchema,
  type ChannelUpdateParamsSchema,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { insertReturningId } from '../../db/insert-id.js';
import type { ChannelsTable } from '../../db/tables.js';
import { notFound } from '../../http/errors.js';
import type { PageRequest } from '../../http/paging.js';
import type { AuditActor } from '../audit/audited.js';
import { audited } from '../audit/audited.js';
import { deleteAbilities, rebuildAbilities } from './abilities.js';
import { auditChannelChanged, auditChannelCreated, auditChannelDeleted } from './channel-audit.js';
import * as repo from './channels.repository.js';

/**
 * Announces the affected channel ids (empty: possibly all) after every committed change to channels or
 * abilities, so the relay can refresh its channel index.
 */
export function notifyChannelsChanged(ctx: AppContext, ids: readonly number[] = []): void {
  ctx.events.emit('channels', ids);
}

/** A row as the API returns it: every field of the SDK's Channel, with the key always blank. */
export function toChannelDto(row: repo.ChannelRow): Channel {
  return {
    id: row.id,
    type: row.type,
    key: '',
    openai_organization: row.openai_organization,
    test_model: row.test_model,
    status: row.status,
    name: row.name,
    weight: row.weight,
    created_time: row.created_time,
    test_time: row.test_time,
    response_time: row.response_time,
    base_url: row.base_url,
    other: row.other,
    balance: row.balance,
    balance_updated_time: row.balance_updated_time,
    models: row.models,
    group: row.group,
    groups: splitList(row.group),
    used_quota: row.used_quota,
    model_mapping: row.model_mapping,
    status_code_mapping: row.status_code_mapping,
    priority: row.priority,
    auto_ban: row.auto_ban,
    other_info: row.other_info,
    tag: row.tag,
    setting: row.setting,
  };
}

/** `other_info` after a status change: disabling records why and when; enabling keeps the history. */
export function otherInfoFor(current: string, status: number, now: number, reason: string): string {
  if (status === ChannelStatus.Enabled) return current;
  return JSON.stringify({ ...parseChannelOtherInfo(current), status_reason: reason, status_time: now });
}

export interface ListQuery extends repo.ChannelFilter {
  idSort: boolean;
  tagMode: boolean;
}

/**
 * A page of channels, or in tag mode a page of tag rows (an untagged channel is a row of its own):
 * `items` then holds every channel of the rows on the page, and `total` counts rows, not channels.
 */
export async function listChannels(ctx: AppContext, query: ListQuery, page: PageRequest) {
  const win = { offset: page.offset, limit: page.pageSize, idSort: query.idSort };
  if (query.tagMode) {
    const [rows, total] = await Promise.all([
      repo.pageTagRows(ctx.db, query, win),
      repo.countTagRows(ctx.db, query),
    ]);
    const channels = await repo.channelsOfTagRows(ctx.db, query, rows);
    // Keep the page's row order; channels of one tag stay together.
    const position = (c: repo.ChannelRow) =>
      rows.findIndex((r) => (r.tag === '' ? r.solo_id === c.id : r.tag === c.tag));
    const ordered = channels.map((c, i) => ({ c, p: position(c), i })).sort((a, b) => a.p - b.p || a.i - b.i);
    return { items: ordered.map(({ c }) => toChannelDto(c)), total };
  }
  const [rows, total] = await Promise.all([
    repo.pageChannels(ctx.db, query, win),
    repo.countChannels(ctx.db, query),
  ]);
  return { items: rows.map(toChannelDto), total };
}

export async function getChannel(ctx: AppContext, id: number): Promise<repo.ChannelRow> {
  const row = await repo.findChannel(ctx.db, id);
  if (!row) throw notFound('channel.notFound');
  return row;
}

/** Creates one channel, or one per key line in batch mode, all in one transaction; returns the new ids. */
export async function createChannels(
  ctx: AppContext,
  actor: AuditActor,
  params: z.output<typeof ChannelCreateParamsSchema>,
): Promise<number[]> {
  const { mode, key, ...fields } = params;
  const keys = mode === 'batch' ? splitList(key, '\n') : [key];
  const now = ctx.now();
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const created: number[] = [];
    for (const one of keys) {
      const values = {
        ...fields,
        key: ctx.secrets.seal(one),
        status: ChannelStatus.Enabled,
        created_time: now,
      };
      const id = await insertReturningId(trx, 'channels', values);
      await rebuildAbilities(trx, [{ ...values, id, tag: values.tag ?? '' }]);
      await auditChannelCreated(ctx, trx, actor, (await repo.findChannel(trx, id))!);
      created.push(id);
    }
    return created;
  });
  notifyChannelsChanged(ctx, ids);
  return ids;
}

/**
 * Saves the given fields (an absent key keeps the stored one), records why a status change disabled it, and
 * rebuilds the channel's abilities in the same transaction.
 */
export async function updateChannel(
  ctx: AppContext,
  actor: AuditActor,
  params: z.output<typeof ChannelUpdateParamsSchema>,
): Promise<repo.ChannelRow> {
  const { id, key, ...fields } = params;
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.findChannel(trx, id);
    if (!current) throw notFound('channel.notFound');
    const patch: Updateable<ChannelsTable> = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    if (key !== undefined) patch.key = ctx.secrets.seal(key);
    if (fields.status !== undefined && fields.status !== current.status) {
      patch.other_info = otherInfoFor(current.other_info, fields.status, ctx.now(), 'manually changed');
    }
    if (Object.keys(patch).length > 0)
      await trx.updateTable('channels').set(patch).where('id', '=', id).execute();
    const row = (await repo.findChannel(trx, id))!;
    await rebuildAbilities(trx, [row]);
    // Compared in the clear so the trail can say whether the key changed, without recording either.
    const keyChanged = key !== undefined && !sameKey(ctx, current.key, key);
    await auditChannelChanged(ctx, trx, actor, 'channel.update', current, row, keyChanged);
    return row;
  });
  notifyChannelsChanged(ctx, [id]);
  return saved;
}

/** Whether a sealed key holds `plain`; one sealed under another CRYPTO_SECRET counts as different. */
function sameKey(ctx: AppContext, sealed: string, plain: string): boolean {
  try {
    return ctx.secrets.open(sealed) === plain;
  } catch {
    return false;
  }
}

/** Deletes channels and their abilities in one transaction; returns how many channels were deleted. */
export async function deleteChannels(
  ctx: AppContext,
  actor: AuditActor,
  ids: readonly number[],
): Promise<number> {
  const count = await ctx.db.transaction().execute(async (trx) => {
    const rows = ids.length > 0 ? await repo.findChannelsByIds(trx, ids) : [];
    await deleteAbilities(trx, ids);
    const deleted = await repo.deleteChannels(trx, ids);
    for (const row of rows) await auditChannelDeleted(ctx, trx, actor, row);
    return deleted;
  });
  if (count > 0) notifyChannelsChanged(ctx, [...ids]);
  return count;
}

export async function deleteDisabledChannels(ctx: AppContext, actor: AuditActor): Promise<number> {
  return deleteChannels(ctx, actor, await repo.disabledChannelIds(ctx.db));
}

/** The decrypted key, for the root-only reveal endpoint; who read it is recorded. */
export async function revealKey(ctx: AppContext, actor: AuditActor, id: number): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findChannel(trx, id);
    if (!row) throw notFound('channel.notFound');
    await audited(ctx, trx, actor, { action: 'channel.reveal_key', targetType: 'channel', targetId: id });
    return ctx.secrets.open(row.key);
  });
}

/** Rebuilds every channel's abilities (new-api's "fix"); returns the number of channels. */
export async function fixAbilities(ctx: AppContext, actor: AuditActor): Promise<number> {
  const count = await ctx.db.transaction().execute(async (trx) => {
    const channels = await repo.listAllChannels(trx);
    // Also drops orphan rows of channels that no longer exist.
    await trx.deleteFrom('abilities').execute();
    await rebuildAbilities(trx, channels);
    const after = { abilities_rebuilt_for: channels.length };
    await audited(ctx, trx, actor, { action: 'channel.fix', targetType: 'channel', after });
    return channels.length;
  });
  notifyChannelsChanged(ctx);
  return count;
}
