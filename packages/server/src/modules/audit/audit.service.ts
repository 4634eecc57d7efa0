import {
  AUDIT_REDACTED,
  AUDIT_REVERTIBLE_TYPES,
  isSecretOptionKey,
  OPTION_DEFAULTS,
  type AuditEntry,
  type AuditTargetType,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import type { ChannelsTable } from '../../db/tables.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { deleteAbilities, rebuildAbilities } from '../channels/abilities.js';
import { AUDITED_CHANNEL_FIELDS, auditChannelChanged, channelSnapshot } from '../channels/channel-audit.js';
import * as channels from '../channels/channels.repository.js';
import { notifyChannelsChanged } from '../channels/channels.service.js';
import { updateOption } from '../options/options.service.js';
import { audited, sameValue, type AuditActor } from './audited.js';
import { findAuditLog, type AuditLogRow } from './audit.repository.js';

type Fields = Record<string, unknown>;

function parseFields(text: string | null): Fields | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    actor_id: Number(row.actor_id),
    actor_name: row.actor_name,
    ip: row.ip,
    via: row.via === 'access_token' ? 'access_token' : 'session',
    credential: row.credential,
    action: row.action,
    target_type: row.target_type as AuditTargetType,
    target_id: row.target_id,
    before: parseFields(row.before),
    after: parseFields(row.after),
    reverted_from: row.reverted_from === null ? null : Number(row.reverted_from),
  };
}

/** A field of `before`/`after` that records a secret rather than a value: `"[redacted]"` or `<field>_changed`. */
const involvesSecret = (fields: Fields | null) =>
  fields !== null &&
  Object.entries(fields).some(([field, value]) => value === AUDIT_REDACTED || field.endsWith('_changed'));

/**
 * Undoes an option or channel entry by writing its `before` back, as a new entry (`<type>.revert`, with
 * `reverted_from`); answers that entry. Refused, with nothing written, when:
 * - the entry is of another kind, or records no change (a key reveal, an abilities rebuild);
 * - it involves a secret (a key or secret option changed, a channel deleted: its key is not kept);
 * - the target was deleted since, or any field the entry changed no longer holds the entry's `after` value
 *   (a later change or an automatic disable): revert the later entries first, newest first.
 * Fields the entry did not touch are left as they are now.
 */
export async function revertEntry(ctx: AppContext, actor: AuditActor, id: number): Promise<AuditEntry> {
  const entry = await findAuditLog(ctx.db, id);
  if (!entry) throw notFound('audit.notFound');
  const type = entry.target_type as AuditTargetType;
  if (!AUDIT_REVERTIBLE_TYPES.includes(type)) throw badRequest('audit.notRevertible');
  const before = parseFields(entry.before);
  const after = parseFields(entry.after);
  if (entry.target_id === '' || (before === null && after === null))
    throw badRequest('audit.nothingToRevert');
  const newId =
    type === 'option'
      ? await revertOption(ctx, actor, entry.id, entry.target_id, before, after)
      : await revertChannel(ctx, actor, entry.id, Number(entry.target_id), before, after);
  return toAuditEntry((await findAuditLog(ctx.db, newId))!);
}

async function revertOption(
  ctx: AppContext,
  actor: AuditActor,
  entryId: number,
  key: string,
  before: Fields | null,
  after: Fields | null,
): Promise<number> {
  if (isSecretOptionKey(key) || involvesSecret(before) || involvesSecret(after))
    throw badRequest('audit.secretNotRevertible');
  const was = before?.['value'];
  const became = after?.['value'];
  if (typeof was !== 'string' || typeof became !== 'string') throw badRequest('audit.nothingToRevert');
  // The stored value, not this node's copy (another node may have changed it a moment ago), read and locked in
  // the revert's own transaction: a change landing between the check and the write cannot be overwritten.
  const stillAfter = async (trx: Db) => {
    const row = await forUpdate(
      trx,
      trx.selectFrom('options').select('value').where('key', '=', key),
    ).executeTakeFirst();
    const current = row
      ? (row.value ?? '')
      : String(OPTION_DEFAULTS[key as keyof typeof OPTION_DEFAULTS] ?? '');
    if (current !== became) throw conflict('audit.targetChanged');
  };
  return updateOption(ctx, actor, key, was, { action: 'option.revert', revertedFrom: entryId }, stillAfter);
}

async function revertChannel(
  ctx: AppContext,
  actor: AuditActor,
  entryId: number,
  channelId: number,
  before: Fields | null,
  after: Fields | null,
): Promise<number> {
  // A deleted channel cannot come back: its key was never recorded.
  if (after === null || involvesSecret(before) || (before !== null && involvesSecret(after)))
    throw badRequest('audit.secretNotRevertible');
  const newId = await ctx.db.transaction().execute(async (trx) => {
    // Locked: an edit committing between this check and the write below would otherwise be overwritten.
    const row = await channels.findChannel(trx, channelId, true);
    if (!row) throw conflict('audit.targetDeleted');
    const current = channelSnapshot(row);
    for (const [field, value] of Object.entries(after)) {
      if (field === 'key' || !(field in current)) continue;
      if (!sameValue(current[field], value)) throw conflict('audit.targetChanged');
    }
    if (before === null) {
      // Undoing a creation deletes the channel, as long as it is still as created.
      await deleteAbilities(trx, [channelId]);
      await channels.deleteChannels(trx, [channelId]);
      return audited(ctx, trx, actor, {
        action: 'channel.revert',
        targetType: 'channel',
        targetId: channelId,
        before: { ...current, key: AUDIT_REDACTED },
        after: null,
        revertedFrom: entryId,
      });
    }
    const fields = new Set<string>(AUDITED_CHANNEL_FIELDS);
    const patch = Object.fromEntries(
      Object.entries(before).filter(([field]) => fields.has(field)),
    ) as Updateable<ChannelsTable>;
    if (Object.keys(patch).length === 0) throw badRequest('audit.nothingToRevert');
    await trx.updateTable('channels').set(patch).where('id', '=', channelId).execute();
    const saved = (await channels.findChannel(trx, channelId))!;
    await rebuildAbilities(trx, [saved]);
    return auditChannelChanged(ctx, trx, actor, 'channel.revert', row, saved, false, entryId);
  });
  notifyChannelsChanged(ctx, [channelId]);
  return newId;
}
