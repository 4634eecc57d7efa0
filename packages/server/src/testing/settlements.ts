import type { Settlement } from '../relay/billing/settlement.js';

/** A settled request of `delta` quota by `userId` without a token of its own (as the playground's), for tests. */
export const userSettlement = (
  userId: number,
  delta: number,
  extra: Partial<Settlement> = {},
): Settlement => ({
  userId,
  tokenId: 0,
  tokenUnlimited: true,
  delta,
  used: delta,
  counted: true,
  channelId: 0,
  ...extra,
});
