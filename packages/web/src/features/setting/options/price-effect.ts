import {
  completionPricePerMillion,
  completionRatioOf,
  ownRatio,
  perCallPriceUsd,
  promptPricePerMillion,
} from '@switchboard/sdk';
import type { OptionValues } from './option-values';

type NumberMap = Readonly<Record<string, number>>;

/** The options that set public prices. */
export const PRICING_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio', 'GroupRatio'] as const;

export interface PricingMaps {
  ModelPrice: NumberMap;
  ModelRatio: NumberMap;
  CompletionRatio: NumberMap;
  GroupRatio: NumberMap;
}

/** A model's price on /pricing in one group: dollars per call, or dollars per million tokens. */
export type PublicPrice =
  { perCall: true; call: number } | { perCall: false; prompt: number; completion: number; ratioSet: boolean };

/** A model listed on /pricing and the groups offering it. */
export interface ListedModel {
  model_name: string;
  enable_groups: readonly string[];
}

export interface PriceChange {
  model: string;
  group: string;
  groupRatio: { before: number; after: number };
  before: PublicPrice;
  after: PublicPrice;
}

export interface PriceEffect {
  /** Every (model, group) price on /pricing that the change moves, sorted by model then group. */
  changes: PriceChange[];
  /** Models whose pricing entries change but which no enabled channel offers, so /pricing does not list them. */
  unlisted: string[];
}

function numberMap(text: string | undefined): NumberMap {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as NumberMap) : {};
  } catch {
    return {};
  }
}

/** The four pricing maps of a set of options (unparseable text reads as empty). */
export function pricingMaps(options: OptionValues): PricingMaps {
  return {
    ModelPrice: numberMap(options['ModelPrice']),
    ModelRatio: numberMap(options['ModelRatio']),
    CompletionRatio: numberMap(options['CompletionRatio']),
    GroupRatio: numberMap(options['GroupRatio']),
  };
}

/** GET /api/pricing answers `GroupRatio[group] ?? 1` for each group. */
export const groupRatioOf = (maps: PricingMaps, group: string): number =>
  ownRatio(maps.GroupRatio, group) ?? 1;

/**
 * The price /pricing shows for `model` in `group`. Keep in sync with the server's pricingEntries (a ModelPrice
 * entry makes the model per-call; the ratio is the model's own entry or 0; the completion ratio falls back to
 * the built-in rules) and with the pricing page's use of the SDK's price functions.
 */
export function publicPrice(maps: PricingMaps, model: string, group: string): PublicPrice {
  const groupRatio = groupRatioOf(maps, group);
  const price = ownRatio(maps.ModelPrice, model);
  if (price !== undefined) return { perCall: true, call: perCallPriceUsd({ modelPrice: price, groupRatio }) };
  const ratio = ownRatio(maps.ModelRatio, model);
  const modelRatio = ratio ?? 0;
  const completionRatio = completionRatioOf(model, maps.CompletionRatio);
  return {
    perCall: false,
    prompt: promptPricePerMillion({ modelRatio, groupRatio }),
    completion: completionPricePerMillion({ modelRatio, groupRatio, completionRatio }),
    ratioSet: ratio !== undefined,
  };
}

function samePrice(a: PublicPrice, b: PublicPrice): boolean {
  if (a.perCall || b.perCall) return a.perCall && b.perCall && a.call === b.call;
  return a.prompt === b.prompt && a.completion === b.completion && a.ratioSet === b.ratioSet;
}

function changedKeys(before: NumberMap, after: NumberMap): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => ownRatio(before, key) !== ownRatio(after, key));
}

/**
 * What saving `after` over `before` does to /pricing: for every listed model, its price in the default group
 * (the one visitors see) and in every group whose ratio changes and which offers the model.
 */
export function priceEffect(
  before: OptionValues,
  after: OptionValues,
  listed: readonly ListedModel[],
): PriceEffect {
  const old = pricingMaps(before);
  const next = pricingMaps(after);
  const groups = changedKeys(old.GroupRatio, next.GroupRatio).filter((group) => group !== 'default');
  const changes: PriceChange[] = [];
  for (const model of [...listed].sort((a, b) => a.model_name.localeCompare(b.model_name))) {
    const shown = ['default', ...groups.filter((g) => model.enable_groups.includes(g)).sort()];
    for (const group of shown) {
      const was = publicPrice(old, model.model_name, group);
      const now = publicPrice(next, model.model_name, group);
      if (samePrice(was, now)) continue;
      changes.push({
        model: model.model_name,
        group,
        groupRatio: { before: groupRatioOf(old, group), after: groupRatioOf(next, group) },
        before: was,
        after: now,
      });
    }
  }
  const names = new Set(listed.map((m) => m.model_name));
  const touched = new Set(
    (['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const).flatMap((key) =>
      changedKeys(old[key], next[key]),
    ),
  );
  const unlisted = [...touched].filter((model) => !names.has(model) && !model.endsWith('*')).sort();
  return { changes, unlisted };
}

/** True when saving these entries can move a public price. */
export const touchesPricing = (keys: readonly string[]): boolean =>
  keys.some((key) => (PRICING_KEYS as readonly string[]).includes(key));
