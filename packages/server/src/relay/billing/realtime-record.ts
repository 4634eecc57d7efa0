import { audioQuota, type AudioPrice, type AudioUsage } from './audio-quota.js';
import type { AttemptInfo, ConsumeRecord } from './consume-record.js';

const f2 = (n: number) => n.toFixed(2);

/**
 * The consume record of one realtime response (new-api `PostWssConsumeQuota`): input and output tokens, the
 * audio price line, and `other` with `ws: true` and the text and audio counts. `note` marks a charge counted
 * by the relay because the upstream's own count never came (a session cut mid-response).
 */
export function realtimeRecord(
  price: AudioPrice,
  usage: AudioUsage,
  info: AttemptInfo,
  quotaPerUnit: number,
  now: number,
  note = '',
): ConsumeRecord {
  const perCall = price.modelPrice !== undefined;
  const content =
    (perCall
      ? `模型价格 ${f2(price.modelPrice!)}，分组倍率 ${f2(price.groupRatio)}`
      : `模型倍率 ${f2(price.modelRatio)}，补全倍率 ${f2(price.completionRatio)}，音频倍率 ${f2(price.audioRatio)}，` +
        `音频补全倍率 ${f2(price.audioCompletionRatio)}，分组倍率 ${f2(price.groupRatio)}`) + note;
  const mapped = info.upstreamModel !== info.requestedModel;
  return {
    modelName: info.requestedModel,
    promptTokens: usage.input ?? usage.textIn + usage.audioIn,
    completionTokens: usage.output ?? usage.textOut + usage.audioOut,
    quota: audioQuota(price, usage, quotaPerUnit),
    channelId: info.channelId,
    useTimeS: Math.max(0, Math.round(now - info.startedAt)),
    isStream: true,
    group: info.group,
    content,
    other: {
      frt: info.frtMs,
      model_ratio: price.modelRatio,
      group_ratio: price.groupRatio,
      completion_ratio: price.completionRatio,
      model_price: price.modelPrice ?? -1,
      ...(mapped ? { is_model_mapped: true, upstream_model_name: info.upstreamModel } : {}),
      ws: true,
      audio_input: usage.audioIn,
      audio_output: usage.audioOut,
      text_input: usage.textIn,
      text_output: usage.textOut,
      audio_ratio: price.audioRatio,
      audio_completion_ratio: price.audioCompletionRatio,
      admin_info: { use_channel: info.useChannel },
    },
  };
}
