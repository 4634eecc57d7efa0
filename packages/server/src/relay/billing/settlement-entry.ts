import { LogType } from '@switchboard/sdk';
import type { Insertable } from 'kysely';
import type { LogsTable } from '../../db/tables.js';
import type { OptionStore } from '../../option-store.js';
import type { RelayCaller } from '../core/caller.js';
import type { ConsumeRecord } from './consume-record.js';
import type { Settlement } from './settlement.js';

/** One settled request as the ledger queues it: the charge, its consume log row and its hourly figures. */
export function settlementEntry(
  options: OptionStore,
  caller: RelayCaller,
  record: ConsumeRecord,
  playground: boolean,
  /** Unix seconds. */
  now: number,
): Settlement {
  const { user, token } = caller;
  const entry: Settlement = {
    userId: user.id,
    tokenId: playground ? 0 : token.id,
    tokenUnlimited: playground || token.unlimited,
    delta: record.quota,
    used: record.quota,
    counted: true,
    channelId: record.channelId,
  };
  if (options.bool('LogConsumeEnabled')) entry.log = logRow(caller, record, now, playground);
  if (options.bool('DataExportEnabled'))
    entry.hourly = {
      userId: user.id,
      username: user.username,
      model: record.modelName,
      hour: now - (now % 3600),
      tokens: record.promptTokens + record.completionTokens,
      quota: record.quota,
    };
  return entry;
}

function logRow(
  caller: RelayCaller,
  r: ConsumeRecord,
  now: number,
  playground: boolean,
): Insertable<LogsTable> {
  return {
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
  };
}
