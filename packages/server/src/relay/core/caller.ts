import type { BlockList } from 'node:net';

/** A relay key's token, as the token cache holds it (callers/token-cache.ts). */
export interface RelayToken {
  id: number;
  userId: number;
  name: string;
  status: number;
  expiredTime: number;
  unlimited: boolean;
  remainQuota: number;
  /** Null when model limits are off. */
  modelLimits: ReadonlySet<string> | null;
  /** Null when every address may use the token. */
  allowIps: BlockList | null;
  group: string;
}

/** The token's owner; one object shared by all of the user's cached keys. */
export interface RelayUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  quota: number;
  /** From the user's setting; null when unset (reference §5.8). */
  quotaWarningThreshold: number | null;
}

/** Who a relay request bills. Its balances are read by the ledger and moved only by the callers side. */
export interface RelayCaller {
  token: RelayToken;
  user: RelayUser;
  /** `sk-KEY-<channelId>`: an admin pinning one channel. */
  pinnedChannel?: number;
}

/** A caller admitted by its key, before the request's body was read. */
export type AdmittedCaller = RelayCaller & { key: string };
