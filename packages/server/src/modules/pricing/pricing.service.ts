import {
  builtinCacheRatios,
  completionRatioOf,
  lookupModelRatio,
  ownRatio,
  type PricingEntry,
  type PricingResponse,
} from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';

type NumberMap = Record<string, number>;

/** Models offered by enabled abilities, each with the groups that offer it (sorted for stable output). */
async function enabledModels(ctx: AppContext): Promise<Map<string, string[]>> {
  const rows = await ctx.db
    .selectFrom('abilities')
    .select(['model', 'group'])
    .distinct()
    .where('enabled', '=', 1)
    .orderBy('model')
    .orderBy('group')
    .execute();
  const models = new Map<string, string[]>();
  for (const row of rows) {
    const groups = models.get(row.model) ?? [];
    groups.push(row.group);
    models.set(row.model, groups);
  }
  return models;
}

/** Pricing entries: per-call price when ModelPrice names the model, else ratio pricing. */
export async function pricingEntries(ctx: AppContext): Promise<PricingEntry[]> {
  const prices = ctx.options.json<NumberMap>('ModelPrice', {});
  const ratios = ctx.options.json<NumberMap>('ModelRatio', {});
  const completions = ctx.options.json<NumberMap>('CompletionRatio', {});
  const cacheReads = ctx.options.json<NumberMap>('CacheRatio', {});
  const cacheWrites = ctx.options.json<NumberMap>('CreateCacheRatio', {});
  const entries: PricingEntry[] = [];
  for (const [model, groups] of await enabledModels(ctx)) {
    const price = ownRatio(prices, model);
    const perCall = price !== undefined;
    // Sent only when an option or a built-in rule prices the cache, as new-api leaves them out when unknown.
    const builtin = builtinCacheRatios(model);
    const cacheRatio = lookupModelRatio(cacheReads, model) ?? builtin?.cacheRatio;
    const createCacheRatio = lookupModelRatio(cacheWrites, model) ?? builtin?.cacheCreationRatio;
    entries.push({
      model_name: model,
      quota_type: perCall ? 1 : 0,
      model_ratio: perCall ? 0 : (ownRatio(ratios, model) ?? 0),
      model_price: price ?? 0,
      // Keep in sync with relay/pricing.ts resolvePrice: the page shows the ratio billing uses.
      completion_ratio: completionRatioOf(model, completions),
      ...(cacheRatio !== undefined ? { cache_ratio: cacheRatio } : {}),
      ...(createCacheRatio !== undefined ? { create_cache_ratio: createCacheRatio } : {}),
      enable_groups: groups,
    });
  }
  return entries;
}

/**
 * Groups the caller may use, name → description: the UserUsableGroups option plus the user's own group.
 * Visitors only see 'default', so the pricing page does not advertise every group's discount.
 */
export function usableGroups(ctx: AppContext, user: AuthUser | null): Record<string, string> {
  const all = ctx.options.json<Record<string, string>>('UserUsableGroups', {});
  if (!user) return { default: all['default'] ?? 'default' };
  const groups = { ...all };
  if (user.group && !(user.group in groups)) groups[user.group] = user.group;
  return groups;
}

/** The whole `GET /api/pricing` answer (top-level fields, as new-api sends them). */
export async function pricing(ctx: AppContext, user: AuthUser | null): Promise<PricingResponse> {
  const usable = usableGroups(ctx, user);
  const allRatios = ctx.options.json<NumberMap>('GroupRatio', {});
  const groupRatio: NumberMap = {};
  for (const group of Object.keys(usable)) groupRatio[group] = allRatios[group] ?? 1;
  return {
    success: true,
    message: '',
    data: await pricingEntries(ctx),
    group_ratio: groupRatio,
    usable_group: usable,
  };
}
