import {
  ModelPricingBatchParamsSchema,
  ModelPricingRowSchema,
  ModelPricingRowsSchema,
  translateIssue,
  type Lang,
} from '@switchboard/sdk';
import type { OptionValues } from './option-values';
import { pricingMaps, publicPrice, type PublicPrice } from './price-effect';

/** A row of the model pricing editor, cells as typed (empty means unset). */
export interface PricingRow {
  name: string;
  price: string;
  ratio: string;
  completionRatio: string;
}

export type PricingCell = 'price' | 'ratio' | 'completionRatio';

const cell = (value: number | undefined) => (value === undefined ? '' : String(value));

/** Every model named in ModelPrice, ModelRatio or CompletionRatio, one row each, sorted by name. */
export function rowsFromOptions(stored: OptionValues): PricingRow[] {
  const maps = pricingMaps(stored);
  const names = new Set([
    ...Object.keys(maps.ModelPrice),
    ...Object.keys(maps.ModelRatio),
    ...Object.keys(maps.CompletionRatio),
  ]);
  return [...names].sort().map((name) => ({
    name,
    price: cell(maps.ModelPrice[name]),
    ratio: cell(maps.ModelRatio[name]),
    completionRatio: cell(maps.CompletionRatio[name]),
  }));
}

/** Models an enabled channel offers that have neither a fixed price nor a ratio, with empty cells. */
export function unsetRows(stored: OptionValues, enabled: readonly string[]): PricingRow[] {
  const maps = pricingMaps(stored);
  return [...new Set(enabled)]
    .filter((name) => !Object.hasOwn(maps.ModelPrice, name) && !Object.hasOwn(maps.ModelRatio, name))
    .sort()
    .map((name) => ({ name, price: '', ratio: '', completionRatio: '' }));
}

/** The message of one cell under the SDK's pricing-row rule ('numbers only'), or undefined. */
export function cellError(row: PricingRow, lang: Lang): string | undefined {
  const issue = ModelPricingRowsSchema.safeParse([row]).error?.issues[0];
  return issue ? translateIssue(issue, lang) : undefined;
}

/**
 * The three pricing options after the editor's rows: a row with a fixed price goes to ModelPrice only (the
 * per-call price wins, as in new-api), otherwise its ratio and completion ratio. `replace` makes the rows the
 * whole table (the visual editor: a deleted row is dropped); otherwise rows are merged over what is stored
 * (the unset-models editor). Throws nothing: returns the first SDK message when a row is invalid.
 */
export function rowsToOptions(
  rows: readonly PricingRow[],
  stored: OptionValues,
  lang: Lang,
  replace: boolean,
): { ok: true; values: Record<string, string> } | { ok: false; message: string } {
  const parsed = ModelPricingRowsSchema.safeParse(rows);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const row = typeof issue.path[0] === 'number' ? rows[issue.path[0]] : undefined;
    const message = translateIssue(issue, lang);
    return { ok: false, message: row && issue.path.length > 1 ? `${row.name}: ${message}` : message };
  }
  const maps = pricingMaps(stored);
  const price: Record<string, number> = replace ? {} : { ...maps.ModelPrice };
  const ratio: Record<string, number> = replace ? {} : { ...maps.ModelRatio };
  const completion: Record<string, number> = replace ? {} : { ...maps.CompletionRatio };
  for (const row of parsed.data) {
    if (row.price !== undefined) {
      price[row.name] = row.price;
      delete ratio[row.name];
      delete completion[row.name];
      continue;
    }
    delete price[row.name];
    if (row.ratio !== undefined) ratio[row.name] = row.ratio;
    if (row.completionRatio !== undefined) completion[row.name] = row.completionRatio;
  }
  return {
    ok: true,
    values: {
      ModelPrice: JSON.stringify(price),
      ModelRatio: JSON.stringify(ratio),
      CompletionRatio: JSON.stringify(completion),
    },
  };
}

export type BatchMode = 'price' | 'ratio';

/**
 * Fills the selected rows: a fixed price, or both a model ratio and a completion ratio, checked with the SDK's
 * batch rule (models selected, numbers, both values in ratio mode).
 */
export function applyBatch(
  rows: readonly PricingRow[],
  batch: {
    models: readonly string[];
    mode: BatchMode;
    price: string;
    ratio: string;
    completionRatio: string;
  },
  lang: Lang,
): { ok: true; rows: PricingRow[] } | { ok: false; message: string } {
  const parsed = ModelPricingBatchParamsSchema.safeParse({ ...batch, models: [...batch.models] });
  if (!parsed.success) return { ok: false, message: translateIssue(parsed.error.issues[0]!, lang) };
  const selected = new Set(parsed.data.models);
  return {
    ok: true,
    rows: rows.map((row) => {
      if (!selected.has(row.name)) return row;
      return parsed.data.mode === 'price'
        ? { ...row, price: String(parsed.data.price) }
        : {
            ...row,
            price: '',
            ratio: String(parsed.data.ratio),
            completionRatio: String(parsed.data.completionRatio),
          };
    }),
  };
}

/**
 * The default-group price /pricing will show for a row once saved (undefined while a cell is not a number).
 * Without its own completion ratio the model falls back to the stored wildcards and built-in rules; in the
 * visual editor (`replace`) an emptied completion cell removes the model's own entry.
 */
export function rowPublicPrice(
  row: PricingRow,
  stored: OptionValues,
  replace: boolean,
): PublicPrice | undefined {
  const parsed = ModelPricingRowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const { name, price, ratio, completionRatio } = parsed.data;
  const maps = pricingMaps(stored);
  const completions: Record<string, number> = { ...maps.CompletionRatio };
  if (completionRatio !== undefined) completions[name] = completionRatio;
  else if (replace) delete completions[name];
  return publicPrice(
    {
      ModelPrice: price !== undefined ? { [name]: price } : {},
      ModelRatio: ratio !== undefined ? { [name]: ratio } : {},
      CompletionRatio: completions,
      GroupRatio: maps.GroupRatio,
    },
    name,
    'default',
  );
}
