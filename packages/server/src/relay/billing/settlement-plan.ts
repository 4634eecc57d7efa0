// The constants alone: the settlement worker's bundle should not carry the whole SDK (zod and all).
import { LogType } from '@switchboard/sdk/states';
import type { Insertable } from 'kysely';
import type { LogsTable } from '../../db/tables.js';
import type { JournalMark, JournalPosition, Settlement } from './settlement.js';

export interface Totals {
  delta: number;
  used: number;
  count: number;
}

export type HourlyRow = NonNullable<Settlement['hourly']> & { count: number };

/** A batch folded into the statements it needs: one per user, token, channel and hour, one row per log. */
export interface SettlementPlan {
  users: Map<number, Totals>;
  tokens: Map<number, Totals & { limited: boolean; userId: number }>;
  channels: Map<number, number>;
  logs: Insertable<LogsTable>[];
  hourly: HourlyRow[];
  /** Unix seconds, for tokens' accessed_time. */
  now: number;
  /** Where the journal's mark moves, in the same transaction; undefined when nothing new was journaled. */
  mark: JournalMark | undefined;
  /** Charges against nodes' slices of balances: `kind:id:node` → quota (relay/billing/leases.ts). */
  leases: Map<string, number>;
  /** Period budgets' spend: usage key (`<u|t><id>|<period>`) → quota and requests. */
  budgets: Map<string, { quota: number; requests: number }>;
  /** Charges against nodes' slices of budgets: `lease key\0node` → amount (budget-leases.ts). */
  budgetLeases: Map<string, number>;
}

/** A usage key's owner kind, id and period key. */
export function usageRow(key: string): { kind: string; id: number; period: string } {
  const bar = key.indexOf('|');
  return { kind: key[0]!, id: Number(key.slice(1, bar)), period: key.slice(bar + 1) };
}

const zero = (): Totals => ({ delta: 0, used: 0, count: 0 });

function add<K, T extends Totals>(map: Map<K, T>, key: K, s: Settlement, fresh: () => T): T {
  let acc = map.get(key);
  if (!acc) map.set(key, (acc = fresh()));
  acc.delta += s.delta;
  acc.used += s.used;
  acc.count += s.counted ? 1 : 0;
  return acc;
}

export function planSettlements(batch: Settlement[], position?: JournalPosition): SettlementPlan {
  const plan: SettlementPlan = {
    users: new Map(),
    tokens: new Map(),
    channels: new Map(),
    logs: [],
    hourly: [],
    now: Math.floor(Date.now() / 1000),
    mark: undefined,
    leases: new Map(),
    budgets: new Map(),
    budgetLeases: new Map(),
  };
  const applied = position?.applied ?? 0;
  let last = applied;
  const hourly = new Map<string, HourlyRow>();
  for (const s of batch) {
    if (s.seq !== undefined) {
      if (s.seq <= applied) continue;
      if (s.seq > last) last = s.seq;
    }
    add(plan.users, s.userId, s, zero);
    if (s.leasedBy) {
      bumpLease(plan.leases, `u:${s.userId}:${s.leasedBy}`, s.delta);
      if (s.tokenId && !s.tokenUnlimited) bumpLease(plan.leases, `t:${s.tokenId}:${s.leasedBy}`, s.delta);
    }
    if (s.budgets)
      for (const k of s.budgets) {
        const b = plan.budgets.get(k);
        if (b) {
          b.quota += s.delta;
          b.requests += 1;
        } else plan.budgets.set(k, { quota: s.delta, requests: 1 });
      }
    if (s.budgetLeases && s.leasedBy)
      for (const k of s.budgetLeases)
        bumpLease(plan.budgetLeases, `${k}\u0000${s.leasedBy}`, k[0] === 'q' ? s.delta : 1);
    if (s.tokenId) {
      const t = add(plan.tokens, s.tokenId, s, () => ({ ...zero(), limited: false, userId: s.userId }));
      t.limited ||= !s.tokenUnlimited;
    }
    if (s.channelId && s.used) plan.channels.set(s.channelId, (plan.channels.get(s.channelId) ?? 0) + s.used);
    if (s.log) plan.logs.push(s.log.type === LogType.Consume ? s.log : { ...s.log, type: LogType.Consume });
    if (s.hourly) {
      const k = `${s.hourly.userId}\u0000${s.hourly.model}\u0000${s.hourly.hour}`;
      let row = hourly.get(k);
      if (!row) hourly.set(k, (row = { ...s.hourly, tokens: 0, quota: 0, count: 0 }));
      row.tokens += s.hourly.tokens;
      row.quota += s.hourly.quota;
      row.count += 1;
    }
  }
  plan.hourly = [...hourly.values()];
  if (position && last > applied) plan.mark = { journal: position.journal, seq: last };
  return plan;
}

/**
 * Writes down quota that was delivered but could not be taken because the balance held less than the charge:
 * only possible when someone lowered it below what requests in flight had reserved (an admin setting a user's
 * quota mid-request). The balance stops at zero and the user's consume logs of this batch, latest first, record
 * what was charged, each keeping its full price in `other.uncapped_quota` as a settlement capped by the ledger
 * does; so final balance + logged consumption = start + top-ups still holds to the unit, and what was delivered
 * unpaid is on record. A part no log of the batch carries (consume logging off, logs on `LOG_SQL_DSN`) becomes
 * a system log of its own. A limited token's remainder lowered the same way (it limits, it holds no money) is
 * noted as `other.uncapped_token_quota` on the token's last log.
 */
export function noteUncapped(
  plan: SettlementPlan,
  userId: number,
  /** Set when the shortfall is a limited token's remainder, not the user's balance. */
  tokenId: number | undefined,
  shortfall: number,
): void {
  if (shortfall <= 0) return;
  const mine = (l: Insertable<LogsTable>) =>
    l.type === LogType.Consume && l.user_id === userId && (tokenId === undefined || l.token_id === tokenId);
  let left = shortfall;
  for (let i = plan.logs.length - 1; i >= 0 && left > 0; i--) {
    const log = plan.logs[i]!;
    if (!mine(log)) continue;
    const other = parseOther(log.other);
    if (tokenId !== undefined) {
      other.uncapped_token_quota = (Number(other.uncapped_token_quota) || 0) + left;
      left = 0;
    } else {
      const quota = Number(log.quota) || 0;
      const taken = Math.min(quota, left);
      if (taken === 0) continue;
      other.uncapped_quota ??= quota;
      log.quota = quota - taken;
      left -= taken;
    }
    log.other = JSON.stringify(other);
  }
  if (left <= 0) return;
  const field = tokenId === undefined ? 'uncapped_quota' : 'uncapped_token_quota';
  const what = tokenId === undefined ? 'balance' : "token's remaining quota";
  plan.logs.push({
    user_id: userId,
    username: plan.logs.find((l) => l.user_id === userId)?.username ?? '',
    created_at: plan.now,
    type: LogType.System,
    content: `${left} quota delivered after the ${what} was lowered below what requests in flight had reserved was not charged`,
    token_id: tokenId ?? 0,
    quota: 0,
    other: JSON.stringify({ [field]: left }),
  });
}

function parseOther(other: unknown): Record<string, unknown> {
  if (typeof other !== 'string' || other === '') return {};
  try {
    const v: unknown = JSON.parse(other);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function bumpLease(map: Map<string, number>, key: string, delta: number): void {
  map.set(key, (map.get(key) ?? 0) + delta);
}
