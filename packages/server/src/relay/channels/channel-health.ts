import { ChannelStatus, ChannelType, splitList } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { setAbilitiesEnabled } from '../../modules/channels/abilities.js';
import { notifyChannelsChanged, otherInfoFor } from '../../modules/channels/channels.service.js';
import { channelDisabled } from '../../notify/notification.js';
import { notifyRoot } from '../../notify/notify.js';
import type { RelayChannel } from './channel-index.js';
import type { ProviderError } from '../providers/types.js';

/** The channel fields the health rules read. */
export type HealthChannel = Pick<RelayChannel, 'id' | 'type' | 'autoBan'>;

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
]);

/**
 * Whether an upstream error says the channel itself is unusable (reference §5.4 ShouldDisableChannel): a
 * rejected key, a closed account or exhausted credit, never a passing fault such as 429 or 5xx.
 */
export function isDisablingError(
  channelType: number,
  status: number,
  error: ProviderError,
  keywords: string,
): boolean {
  if (status === 401) return true;
  if (status === 403 && channelType === ChannelType.Gemini) return true;
  if (error.code !== null && DISABLING_CODES.has(String(error.code))) return true;
  if (DISABLING_TYPES.has(error.type)) return true;
  const message = error.message.toLowerCase();
  return splitList(keywords, '\n').some((k) => message.includes(k.toLowerCase()));
}

/**
 * Automatic disabling and enabling of channels. Unlike new-api, which disables on the first qualifying error,
 * a channel is disabled only after `ChannelDisableFailureCount` qualifying failures within
 * `ChannelDisableFailureWindowMinutes` (reference §9 item 5); any success clears the count. The counts live in
 * memory per node: a restart forgives, which errs on the side of keeping channels up.
 */
export class ChannelHealth {
  /** Channel id → times (unix seconds) of recent qualifying failures. */
  private readonly strikes = new Map<number, number[]>();

  constructor(private readonly ctx: AppContext) {}

  /** Reports an upstream error; counts it (and maybe disables the channel) when it qualifies. */
  async failure(channel: HealthChannel, status: number, error: ProviderError): Promise<void> {
    const keywords = this.ctx.options.get('AutomaticDisableKeywords');
    if (!isDisablingError(channel.type, status, error, keywords)) return;
    await this.strike(channel, `status code ${status}: ${error.message}`);
  }

  /** A request or test went through: the failure count starts again. */
  success(channel: Pick<HealthChannel, 'id'>): void {
    this.strikes.delete(channel.id);
  }

  /**
   * Counts a qualifying failure (an error above, or a channel test that was too slow) and disables the
   * channel once the count is reached — only when automatic disabling is on and the channel allows it.
   * Returns whether this call disabled it.
   */
  async strike(channel: HealthChannel, reason: string): Promise<boolean> {
    if (!this.ctx.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return false;
    const o = this.ctx.options;
    const now = this.ctx.now();
    const windowS = Math.max(1, o.number('ChannelDisableFailureWindowMinutes') || 10) * 60;
    const needed = Math.max(1, Math.floor(o.number('ChannelDisableFailureCount')) || 1);
    const recent = (this.strikes.get(channel.id) ?? []).filter((t) => t > now - windowS);
    recent.push(now);
    if (recent.length < needed) {
      this.strikes.set(channel.id, recent);
      return false;
    }
    this.strikes.delete(channel.id);
    return this.disable(channel.id, reason);
  }

  /**
   * Sets an enabled channel to status 3 with the reason, switching its abilities off in the same transaction.
   * The status condition keeps a channel an administrator disabled (status 2) untouched, and makes concurrent
   * disables of one channel a single change. Root hears of each change (reference §5.4), in the background.
   */
  async disable(id: number, reason: string): Promise<boolean> {
    let name = '';
    const changed = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('channels')
        .select(['status', 'other_info', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row?.status !== ChannelStatus.Enabled) return false;
      const otherInfo = otherInfoFor(row.other_info, ChannelStatus.AutoDisabled, this.ctx.now(), reason);
      const res = await trx
        .updateTable('channels')
        .set({ status: ChannelStatus.AutoDisabled, other_info: otherInfo })
        .where('id', '=', id)
        .where('status', '=', ChannelStatus.Enabled)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await setAbilitiesEnabled(trx, [id], false);
      name = row.name;
      return true;
    });
    if (changed) {
      notifyChannelsChanged(this.ctx, [id]);
      void notifyRoot(this.ctx, channelDisabled(id, name, reason));
    }
    return changed;
  }

  /**
   * Re-enables a channel after a passing test, only when AutomaticEnableChannelEnabled is on and the channel
   * was disabled automatically (status 3); `other_info` keeps the last reason as history.
   */
  async enable(id: number): Promise<boolean> {
    if (!this.ctx.options.bool('AutomaticEnableChannelEnabled')) return false;
    const changed = await this.ctx.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('channels')
        .set({ status: ChannelStatus.Enabled })
        .where('id', '=', id)
        .where('status', '=', ChannelStatus.AutoDisabled)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await setAbilitiesEnabled(trx, [id], true);
      return true;
    });
    if (changed) {
      this.strikes.delete(id);
      notifyChannelsChanged(this.ctx, [id]);
    }
    return changed;
  }
}
