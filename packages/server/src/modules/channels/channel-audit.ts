import { AUDIT_REDACTED } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { audited, changedFields, type AuditActor } from '../audit/audited.js';
import type { ChannelRow } from './channels.repository.js';

/**
 * The channel fields the audit trail records and a revert may write back: what an administrator sets. Test
 * results, balances and usage counters move on their own and are left out; the key is never recorded.
 */
export const AUDITED_CHANNEL_FIELDS = [
  'type',
  'name',
  'status',
  'weight',
  'priority',
  'auto_ban',
  'base_url',
  'other',
  'models',
  'group',
  'model_mapping',
  'status_code_mapping',
  'tag',
  'setting',
  'param_override',
  'test_model',
  'openai_organization',
  'other_info',
] as const satisfies readonly (keyof ChannelRow)[];

const NUMERIC = new Set<string>(['type', 'status', 'weight', 'priority', 'auto_ban']);

/** A channel's recorded fields (numbers as numbers on every driver). */
export function channelSnapshot(row: ChannelRow): Record<string, unknown> {
  return Object.fromEntries(
    AUDITED_CHANNEL_FIELDS.map((field) => {
      const value = row[field];
      return [field, NUMERIC.has(field) && value !== null ? Number(value) : value];
    }),
  );
}

/** Records a created channel: every recorded field after, the key as "[redacted]". */
export function auditChannelCreated(ctx: AppContext, trx: Db, actor: AuditActor, row: ChannelRow) {
  return audited(ctx, trx, actor, {
    action: 'channel.create',
    targetType: 'channel',
    targetId: row.id,
    before: null,
    after: { ...channelSnapshot(row), key: AUDIT_REDACTED },
  });
}

/** Records a deleted channel: every recorded field before. */
export function auditChannelDeleted(ctx: AppContext, trx: Db, actor: AuditActor, row: ChannelRow) {
  return audited(ctx, trx, actor, {
    action: 'channel.delete',
    targetType: 'channel',
    targetId: row.id,
    before: { ...channelSnapshot(row), key: AUDIT_REDACTED },
    after: null,
  });
}

/** Records an edit as the fields it changed; `keyChanged` adds the redacted key and `key_changed: true`. */
export function auditChannelChanged(
  ctx: AppContext,
  trx: Db,
  actor: AuditActor,
  action: string,
  was: ChannelRow,
  now: ChannelRow,
  keyChanged = false,
  revertedFrom?: number,
) {
  const { before, after } = changedFields(
    channelSnapshot(was),
    channelSnapshot(now),
    keyChanged ? ['key'] : [],
  );
  const record = { action, targetType: 'channel' as const, targetId: now.id, before, after, revertedFrom };
  return audited(ctx, trx, actor, record);
}
