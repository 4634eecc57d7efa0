import { ownRatio } from '@switchboard/sdk';
import type { OptionStore } from '../../option-store.js';

/** A task action's fixed price: new-api's `ModelPrice` entry, else 0.1, times the group's ratio. */
export interface TaskPrice {
  /** new-api's model name of the action: `mj_imagine`, `swap_face`, `suno_music`… */
  modelName: string;
  modelPrice: number;
  groupRatio: number;
  /** What the task costs, in quota (truncated as new-api's `int(ratio * QuotaPerUnit)`). */
  quota: number;
}

/** new-api's price of an action that `ModelPrice` does not name. */
const UNLISTED_PRICE = 0.1;

export function taskPrice(options: OptionStore, modelName: string, group: string): TaskPrice {
  const listed = ownRatio(options.json<Record<string, number>>('ModelPrice', {}), modelName);
  const modelPrice = listed !== undefined && listed >= 0 ? listed : UNLISTED_PRICE;
  const groupRatio = ownRatio(options.json<Record<string, number>>('GroupRatio', {}), group) ?? 1;
  const perUnit = options.number('QuotaPerUnit') || 500_000;
  return { modelName, modelPrice, groupRatio, quota: Math.trunc(modelPrice * groupRatio * perUnit) };
}
