import type { Hold } from '../billing/holds.js';
import type { AdmittedCaller } from '../core/caller.js';
import type { RelayRuntime } from '../runtime.js';
import type { TaskPrice } from './task-price.js';

const f2 = (n: number) => n.toFixed(2);

/**
 * Holds a task's price before the upstream is asked (in lease mode after growing this node's slice), so that
 * no two submissions can spend the same quota. Undefined for a free action. Throws the ledger's "insufficient
 * quota" error.
 */
export async function holdTaskPrice(
  rt: RelayRuntime,
  caller: AdmittedCaller,
  price: TaskPrice,
): Promise<Hold | undefined> {
  if (price.quota <= 0) return undefined;
  await rt.ledger.ensure(caller, price.quota, false);
  return rt.ledger.reserve(caller, price.quota, false);
}

/** Releases a hold: the upstream refused the task (or was never reached), which costs nothing. */
export function releaseTaskHold(rt: RelayRuntime, hold: Hold | undefined): void {
  if (hold) rt.ledger.refund(hold);
}

/**
 * Charges the held price once the upstream accepted the task: one settlement in the ledger (journaled before
 * this resolves) with new-api's consume log line, `模型固定价格 …，分组倍率 …，操作 …[，ID …]`.
 */
export async function chargeTask(
  rt: RelayRuntime,
  caller: AdmittedCaller,
  hold: Hold | undefined,
  charge: { price: TaskPrice; group: string; channelId: number; action: string; taskId?: string },
): Promise<void> {
  if (!hold) return;
  const { price } = charge;
  const id = charge.taskId !== undefined ? `，ID ${charge.taskId}` : '';
  await rt.ledger.settle(
    caller,
    hold,
    {
      modelName: price.modelName,
      promptTokens: 0,
      completionTokens: 0,
      quota: price.quota,
      channelId: charge.channelId,
      useTimeS: 0,
      isStream: false,
      group: charge.group,
      content: `模型固定价格 ${f2(price.modelPrice)}，分组倍率 ${f2(price.groupRatio)}，操作 ${charge.action}${id}`,
      other: { model_price: price.modelPrice, group_ratio: price.groupRatio },
    },
    false,
  );
}
