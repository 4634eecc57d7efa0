import {
  isSecretOptionKey,
  OPTION_DEFAULTS,
  OPTION_KEYS,
  optionEnableGuard,
  type OptionEntry,
} from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { audited, changedFields, type AuditActor } from '../audit/audited.js';

const KNOWN_KEYS: ReadonlySet<string> = new Set(OPTION_KEYS);

/** Every option except secrets (keys ending in Token, Secret or Key): those are write-only, not even masked. */
export function listOptions(ctx: AppContext): OptionEntry[] {
  return ctx.options
    .entries()
    .filter(([key]) => !isSecretOptionKey(key))
    .map(([key, value]) => ({ key, value }));
}

/**
 * Saves one option already checked by `OptionUpdateParamsSchema` (value rules, trailing slashes stripped).
 * Unknown keys are refused so a typo cannot create a dead row; switching on a login method or check needs its
 * settings first. The store applies the value in memory at once; the other nodes hear of it (cluster/).
 */
export async function updateOption(
  ctx: AppContext,
  actor: AuditActor,
  key: string,
  value: string,
  audit: { action?: string; revertedFrom?: number } = {},
  /** Runs in the write's transaction before it, and may refuse by throwing (audit.service.ts's revert). */
  check?: (trx: Db) => Promise<void>,
): Promise<number> {
  if (!KNOWN_KEYS.has(key)) throw badRequest('option.unknownKey');
  const current = Object.fromEntries(ctx.options.entries());
  const guard = optionEnableGuard(key, value, current);
  if (guard) throw badRequest(guard);
  const entry = await saveAudited(
    ctx,
    actor,
    key,
    value,
    audit.action ?? 'option.update',
    audit.revertedFrom,
    check,
  );
  ctx.events.emit('options', [key]);
  return entry;
}

export async function resetModelRatio(ctx: AppContext, actor: AuditActor): Promise<void> {
  await saveAudited(ctx, actor, 'ModelRatio', OPTION_DEFAULTS.ModelRatio, 'option.reset_model_ratio');
  ctx.events.emit('options', ['ModelRatio']);
}

/**
 * Saves an option with its audit entry in one transaction; answers the entry's id. A secret option's values are
 * never recorded, only that it changed.
 */
async function saveAudited(
  ctx: AppContext,
  actor: AuditActor,
  key: string,
  value: string,
  action: string,
  revertedFrom?: number,
  check?: (trx: Db) => Promise<void>,
): Promise<number> {
  const was = ctx.options.get(key);
  const { before, after } = isSecretOptionKey(key)
    ? changedFields({}, {}, was === value ? [] : ['value'])
    : { before: { value: was }, after: { value } };
  let entry = 0;
  await ctx.options.set(
    key,
    value,
    async (trx) => {
      const record = { action, targetType: 'option' as const, targetId: key, before, after, revertedFrom };
      entry = await audited(ctx, trx, actor, record);
    },
    check,
  );
  return entry;
}
