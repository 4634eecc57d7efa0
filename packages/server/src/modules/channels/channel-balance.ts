import { ChannelStatus, ChannelType, translate, type Lang } from '@switchboard/sdk';
import { notFound } from '../../http/errors.js';
import type { RelayChannel } from '../../relay/channels/channel-index.js';
import { getJson, OPENAI_BASE, UpstreamFailure } from './channel-ops.js';
import { isOpenAiCompatible } from '../../relay/providers/index.js';
import { openaiHeaders } from '../../relay/providers/openai/api.js';
import type { RelayRuntime } from '../../relay/runtime.js';

const DEEPSEEK_BASE = 'https://api.deepseek.com';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The upstream's remaining balance, or undefined when the channel type has no balance API. DeepSeek reports
 * per currency (USD preferred, else CNY as new-api reads it); OpenAI-style upstreams report a hard limit in
 * USD and usage in cents over a window (new-api's 100 days back to tomorrow).
 */
export async function queryBalance(rt: RelayRuntime, channel: RelayChannel): Promise<number | undefined> {
  const headers = openaiHeaders(channel);
  if (channel.type === ChannelType.DeepSeek) {
    const body = await getJson(rt, channel.type, `${channel.baseUrl || DEEPSEEK_BASE}/user/balance`, headers);
    const infos = Array.isArray(body.balance_infos) ? (body.balance_infos as Record<string, unknown>[]) : [];
    const info =
      infos.find((i) => i.currency === 'USD') ?? infos.find((i) => i.currency === 'CNY') ?? infos[0];
    if (!info) throw new UpstreamFailure('no balance in the upstream answer');
    return Number(info.total_balance) || 0;
  }
  if (!isOpenAiCompatible(channel.type)) return undefined;
  const base = `${channel.baseUrl || OPENAI_BASE}/dashboard/billing`;
  const sub = await getJson(rt, channel.type, `${base}/subscription`, headers);
  const now = Date.now();
  const range = `start_date=${day(now - 100 * 86_400_000)}&end_date=${day(now + 86_400_000)}`;
  const usage = await getJson(rt, channel.type, `${base}/usage?${range}`, headers);
  return (Number(sub.hard_limit_usd) || 0) - (Number(usage.total_usage) || 0) / 100;
}

export interface BalanceResult {
  success: boolean;
  message: string;
  balance: number;
}

async function store(rt: RelayRuntime, id: number, balance: number): Promise<void> {
  await rt.ctx.db
    .updateTable('channels')
    .set({ balance, balance_updated_time: rt.ctx.now() })
    .where('id', '=', id)
    .execute();
}

/** Refreshes one channel's stored balance; never disables (only the refresh of all channels may). */
export async function updateBalance(rt: RelayRuntime, id: number, lang: Lang): Promise<BalanceResult> {
  await rt.channels.ready();
  const channel = rt.channels.get(id);
  if (!channel) throw notFound('channel.notFound');
  try {
    const balance = await queryBalance(rt, channel);
    if (balance === undefined) {
      return { success: false, message: translate('channel.balanceNotSupported', lang), balance: 0 };
    }
    await store(rt, id, balance);
    return { success: true, message: '', balance };
  } catch (err) {
    if (!(err instanceof UpstreamFailure)) throw err;
    return { success: false, message: err.message, balance: 0 };
  }
}

/**
 * Refreshes the balance of every enabled channel whose type has a balance API; answers how many were
 * updated. An empty balance disables the channel only when automatic disabling is on and the channel's
 * auto_ban is 1 — new-api ignores auto_ban here, the complaint of reference §9 item 3.
 */
export async function updateAllBalances(rt: RelayRuntime): Promise<number> {
  await rt.channels.ready();
  const rows = await rt.ctx.db
    .selectFrom('channels')
    .select('id')
    .where('status', '=', ChannelStatus.Enabled)
    .orderBy('id')
    .execute();
  let updated = 0;
  for (const { id } of rows) {
    const channel = rt.channels.get(id);
    if (!channel) continue;
    const balance = await queryBalance(rt, channel).catch((err: unknown) => {
      if (err instanceof UpstreamFailure) return undefined;
      throw err;
    });
    if (balance === undefined) continue;
    await store(rt, id, balance);
    updated++;
    if (balance <= 0 && channel.autoBan && rt.ctx.options.bool('AutomaticDisableChannelEnabled')) {
      await rt.health.disable(id, `balance ${balance} <= 0`);
    }
  }
  return updated;
}
