import { LogType, trustShortcut } from '@switchboard/sdk';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import { relayError } from './relay-error.js';
import type { RelayCaller } from './token-auth.js';

/** What a settled request writes to the consume log (reference §5.6). */
export interface ConsumeRecord {
  modelName: string;
  promptTokens: number;
  completionTokens: number;
  quota: number;
  channelId: number;
  useTimeS: number;
  isStream: boolean;
  group: string;
  content: string;
  other: Record<string, unknown>;
}

/**
 * Moves quota for relay requests. Every write is a conditional SQL update, so balances never go negative and
 * concurrent requests never spend the same quota twice, on any dialect and across nodes. The cached balances of
 * the caller (shared with TokenAuth's cache) follow each write, for the trust shortcut.
 */
export class Ledger {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Reserves `amount` before the upstream call. Callers holding over 100× the amount are trusted and reserve
   * nothing (new-api's shortcut), which keeps the hot path free of writes; the full charge is settled after.
   */
  async reserve(caller: RelayCaller, amount: number, playground: boolean): Promise<number> {
    const { user, token } = caller;
    if (user.quota <= 0) throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
    const reserved = trustShortcut({
      userQuota: user.quota,
      tokenQuota: token.remainQuota,
      unlimitedQuota: token.unlimited || playground,
      preConsumedQuota: amount,
    });
    if (reserved <= 0) return 0;
    await this.ctx.db.transaction().execute(async (trx) => {
      const u = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '-', reserved) }))
        .where('id', '=', user.id)
        .where('quota', '>=', reserved)
        .executeTakeFirst();
      if (Number(u.numUpdatedRows) !== 1) {
        throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
      }
      if (playground || token.unlimited) return;
      const t = await trx
        .updateTable('tokens')
        .set((eb) => ({ remain_quota: eb('remain_quota', '-', reserved) }))
        .where('id', '=', token.id)
        .where('remain_quota', '>=', reserved)
        .executeTakeFirst();
      if (Number(t.numUpdatedRows) !== 1) {
        throw relayError(403, 'token.quotaInsufficient', {}, 'pre_consume_token_quota_failed');
      }
    });
    user.quota -= reserved;
    if (!playground && !token.unlimited) token.remainQuota -= reserved;
    return reserved;
  }

  /** Gives a reservation back (the request failed before anything was delivered). */
  async refund(caller: RelayCaller, reserved: number, playground: boolean): Promise<void> {
    if (reserved > 0) await this.apply(caller, -reserved, 0, playground, undefined);
  }

  /** Charges the final quota: the difference to the reservation, usage counters, the log row, hourly data. */
  async settle(
    caller: RelayCaller,
    reserved: number,
    record: ConsumeRecord,
    playground: boolean,
  ): Promise<void> {
    await this.apply(caller, record.quota - reserved, record.quota, playground, record);
  }

  private async apply(
    caller: RelayCaller,
    delta: number,
    used: number,
    playground: boolean,
    record: ConsumeRecord | undefined,
  ): Promise<void> {
    const { user, token } = caller;
    const now = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      // A charge larger than what is left (usage beyond the estimate) takes the rest, never below zero.
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb
            .case()
            .when('quota', '>=', delta)
            .then(eb('quota', '-', delta))
            .else(0)
            .end(),
          used_quota: eb('used_quota', '+', used),
          request_count: eb('request_count', '+', record ? 1 : 0),
        }))
        .where('id', '=', user.id)
        .execute();
      if (!playground) {
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            remain_quota: token.unlimited
              ? eb.ref('remain_quota')
              : eb
                  .case()
                  .when('remain_quota', '>=', delta)
                  .then(eb('remain_quota', '-', delta))
                  .else(0)
                  .end(),
            used_quota: eb('used_quota', '+', used),
            accessed_time: now,
          }))
          .where('id', '=', token.id)
          .execute();
      }
      if (!record) return;
      if (record.channelId && used) {
        await trx
          .updateTable('channels')
          .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
          .where('id', '=', record.channelId)
          .execute();
      }
      if (this.ctx.options.bool('LogConsumeEnabled')) await this.log(trx, caller, record, now, playground);
      if (this.ctx.options.bool('DataExportEnabled')) await this.hourly(trx, caller, record, now);
    });
    user.quota = Math.max(0, user.quota - delta);
    if (!playground && !token.unlimited) token.remainQuota = Math.max(0, token.remainQuota - delta);
  }

  private async log(
    trx: Kysely<Database>,
    caller: RelayCaller,
    r: ConsumeRecord,
    now: number,
    playground: boolean,
  ) {
    await trx
      .insertInto('logs')
      .values({
        user_id: caller.user.id,
        username: caller.user.username,
        created_at: now,
        type: LogType.Consume,
        content: r.content,
        token_name: playground ? `playground-${r.group}` : caller.token.name,
        token_id: playground ? 0 : caller.token.id,
        model_name: r.modelName,
        quota: r.quota,
        prompt_tokens: r.promptTokens,
        completion_tokens: r.completionTokens,
        use_time: r.useTimeS,
        is_stream: r.isStream ? 1 : 0,
        channel_id: r.channelId,
        group: r.group,
        other: JSON.stringify(r.other),
      })
      .execute();
  }

  /** The dashboard's per-hour rows (quota_data), one upsert per request. */
  private async hourly(trx: Kysely<Database>, caller: RelayCaller, r: ConsumeRecord, now: number) {
    const hour = now - (now % 3600);
    const tokens = r.promptTokens + r.completionTokens;
    const insert = trx.insertInto('quota_data').values({
      user_id: caller.user.id,
      username: caller.user.username,
      model_name: r.modelName,
      created_at: hour,
      token_used: tokens,
      count: 1,
      quota: r.quota,
    });
    if (dialectOf(trx) === 'mysql') {
      await insert
        .onDuplicateKeyUpdate((eb) => ({
          token_used: eb('token_used', '+', tokens),
          count: eb('count', '+', 1),
          quota: eb('quota', '+', r.quota),
        }))
        .execute();
      return;
    }
    await insert
      .onConflict((oc) =>
        oc.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
          token_used: eb('quota_data.token_used', '+', tokens),
          count: eb('quota_data.count', '+', 1),
          quota: eb('quota_data.quota', '+', r.quota),
        })),
      )
      .execute();
  }
}
