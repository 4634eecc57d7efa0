import { settleQuota } from '@switchboard/sdk';
import type { ResolvedPrice } from './pricing.js';
import type { Usage } from '../providers/types.js';

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

export interface AttemptInfo {
  requestedModel: string;
  upstreamModel: string;
  channelId: number;
  useChannel: string[];
  group: string;
  isStream: boolean;
  startedAt: number;
  /** Milliseconds to the first streamed chunk; -1000 when nothing was streamed (new-api's marker). */
  frtMs: number;
  reasoningEffort?: string;
}

const f2 = (n: number) => n.toFixed(2);

/**
 * The log's price line, per price object (resolvePrice hands out one per model and group) and per use of the
 * cache ratios: the same few strings for every request, built once rather than per request.
 */
const contents = new WeakMap<ResolvedPrice, (string | undefined)[]>();

function contentOf(price: ResolvedPrice, cachedTokens: number, cacheCreationTokens: number): string {
  let known = contents.get(price);
  if (!known) contents.set(price, (known = []));
  const slot = (cachedTokens > 0 ? 1 : 0) + (cacheCreationTokens > 0 ? 2 : 0);
  return (known[slot] ??=
    price.modelPrice !== undefined
      ? `模型价格 ${f2(price.modelPrice)}，分组倍率 ${f2(price.groupRatio)}`
      : `模型倍率 ${f2(price.modelRatio)}，补全倍率 ${f2(price.completionRatio)}，分组倍率 ${f2(price.groupRatio)}` +
        (cachedTokens > 0 ? `，缓存倍率 ${f2(price.cacheRatio)}` : '') +
        (cacheCreationTokens > 0 ? `，缓存创建倍率 ${f2(price.cacheCreationRatio)}` : ''));
}

/** The consume log row and charge of one finished request (reference §5.6). */
export function consumeRecord(
  price: ResolvedPrice,
  usage: Usage,
  info: AttemptInfo,
  quotaPerUnit: number,
  now: number,
): ConsumeRecord {
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheCreationTokens = usage.prompt_tokens_details?.cache_creation_tokens ?? 0;
  const quota = settleQuota({
    ...price,
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    cachedTokens,
    cacheCreationTokens,
    quotaPerUnit,
  });
  const cached = cachedTokens > 0 || cacheCreationTokens > 0;
  const content = contentOf(price, cachedTokens, cacheCreationTokens);
  const mapped = info.upstreamModel !== info.requestedModel;
  return {
    modelName: info.requestedModel,
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    quota,
    channelId: info.channelId,
    useTimeS: Math.max(0, Math.round(now - info.startedAt)),
    isStream: info.isStream,
    group: info.group,
    content,
    other: {
      frt: info.frtMs,
      model_ratio: price.modelRatio,
      group_ratio: price.groupRatio,
      completion_ratio: price.completionRatio,
      model_price: price.modelPrice ?? -1,
      ...(mapped ? { is_model_mapped: true, upstream_model_name: info.upstreamModel } : {}),
      ...(info.reasoningEffort ? { reasoning_effort: info.reasoningEffort } : {}),
      ...(cached
        ? {
            cache_tokens: cachedTokens,
            cache_ratio: price.cacheRatio,
            cache_creation_tokens: cacheCreationTokens,
            cache_creation_ratio: price.cacheCreationRatio,
          }
        : {}),
      admin_info: { use_channel: info.useChannel },
    },
  };
}
