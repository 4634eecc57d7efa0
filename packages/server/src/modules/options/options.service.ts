import {
  isSecretOptionKey,
  OPTION_DEFAULTS,
  OPTION_KEYS,
  optionEnableGuard,
  type OptionEntry,
} from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';

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
export async function updateOption(ctx: AppContext, key: string, value: string): Promise<void> {
  if (!KNOWN_KEYS.has(key)) throw badRequest('option.unknownKey');
  const current = Object.fromEntries(ctx.options.entries());
  const guard = optionEnableGuard(key, value, current);
  if (guard) throw badRequest(guard);
  await ctx.options.set(key, value);
  ctx.events.emit('options', [key]);
}

export async function resetModelRatio(ctx: AppContext): Promise<void> {
  await ctx.options.set('ModelRatio', OPTION_DEFAULTS.ModelRatio);
  ctx.events.emit('options', ['ModelRatio']);
}
