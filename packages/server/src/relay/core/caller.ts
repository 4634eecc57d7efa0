import type { BlockList } from 'node:net';
import type { Period } from '../billing/periods.js';

/** A token's or user's budget per period (relay/billing/budgets.ts); absent when it has none. */
export interface RelayBudget {
  period: Exclude<Period, ''>;
  /** Quota per period; 0 = no limit. */
  quota: number;
  /** Requests per period; 0 = no limit. */
  requests: number;
}

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
  budget?: RelayBudget;
  /** Requests in flight at once, per minute, and tokens per minute; 0 = no limit (callers/token-caps.ts). */
  maxConcurrency?: number;
  rpmLimit?: number;
  tpmLimit?: number;
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
  budget?: RelayBudget;
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
