import { z } from 'zod';
import { ChannelStatus } from '../constants/states.js';
import { orDefault, parseJsonText } from './common.js';

/**
 * A channel (upstream provider account) as the channel API returns it. List, search and get answers
 * carry `key: ""`; tag-mode lists and the update answer carry the key.
 */
export const ChannelSchema = z.object({
  id: z.number().int(),
  /** Provider type number; see CHANNEL_TYPES. */
  type: orDefault(z.number().int(), 0),
  /** Upstream credential; "" in most read answers. */
  key: orDefault(z.string(), ''),
  openai_organization: orDefault(z.string(), ''),
  /** Model used by channel tests; first model when empty. */
  test_model: orDefault(z.string(), ''),
  /** 1 enabled, 2 manually disabled, 3 auto-disabled. */
  status: orDefault(z.number().int(), ChannelStatus.Enabled),
  name: orDefault(z.string(), ''),
  /** Weighted-random share within a priority tier. */
  weight: orDefault(z.number(), 0),
  created_time: orDefault(z.number(), 0),
  test_time: orDefault(z.number(), 0),
  /** Last test latency in milliseconds; 0 untested. */
  response_time: orDefault(z.number(), 0),
  base_url: orDefault(z.string(), ''),
  /** Type-specific extra: API version, region, knowledge base id, account id or plugin. */
  other: orDefault(z.string(), ''),
  /** Upstream balance in USD. */
  balance: orDefault(z.number(), 0),
  balance_updated_time: orDefault(z.number(), 0),
  /** Comma-joined model names. */
  models: orDefault(z.string(), ''),
  /** Comma-joined group names. */
  group: orDefault(z.string(), 'default'),
  /** Groups as a list (newer servers). */
  groups: z.array(z.string()).optional(),
  used_quota: orDefault(z.number(), 0),
  /** JSON text `{"requested": "upstream"}`. */
  model_mapping: orDefault(z.string(), ''),
  /** JSON text `{"429": "500"}`. */
  status_code_mapping: orDefault(z.string(), ''),
  /** Higher tiers are tried first. */
  priority: orDefault(z.number(), 0),
  /** 1: may be disabled automatically on errors; 0: never. */
  auto_ban: orDefault(z.number().int(), 1),
  /** JSON text `{status_reason, status_time}`; see {@link parseChannelOtherInfo}. */
  other_info: orDefault(z.string(), ''),
  tag: orDefault(z.string(), ''),
  /** JSON text `{force_format, thinking_to_content, proxy}`; see {@link parseChannelSetting}. */
  setting: orDefault(z.string(), ''),
});
/** A channel. */
export type Channel = z.output<typeof ChannelSchema>;

/** The parsed `other_info` JSON: why and when the channel was auto-disabled. */
export const ChannelOtherInfoSchema = z.object({
  status_reason: z.string().optional().catch(undefined),
  /** Unix seconds. */
  status_time: z.number().optional().catch(undefined),
});
/** Parsed channel other_info. */
export type ChannelOtherInfo = z.output<typeof ChannelOtherInfoSchema>;

/** The parsed `setting` JSON of a channel. */
export const ChannelSettingSchema = z.object({
  /** Re-serialise every stream chunk through the OpenAI shape. */
  force_format: z.boolean().optional().catch(undefined),
  /** Turn `reasoning_content` into `<think>` content. */
  thinking_to_content: z.boolean().optional().catch(undefined),
  /** Proxy URL for upstream calls. */
  proxy: z.string().optional().catch(undefined),
});
/** Parsed channel settings. */
export type ChannelSetting = z.output<typeof ChannelSettingSchema>;

/** Parses a channel's `other_info` text; empty or malformed text gives `{}`. */
export function parseChannelOtherInfo(text: string | null | undefined): ChannelOtherInfo {
  return parseJsonText(ChannelOtherInfoSchema, text);
}

/** Parses a channel's `setting` text; empty or malformed text gives `{}`. */
export function parseChannelSetting(text: string | null | undefined): ChannelSetting {
  return parseJsonText(ChannelSettingSchema, text);
}

/** `GET /api/channel/test/:id` (top level, not enveloped): `time` in seconds. */
export const ChannelTestResultSchema = z.object({
  success: z.boolean(),
  message: orDefault(z.string(), ''),
  /** Latency in seconds. */
  time: orDefault(z.number(), 0),
});
/** A channel test result. */
export type ChannelTestResult = z.output<typeof ChannelTestResultSchema>;

/** `GET /api/channel/update_balance/:id` (top level): the new balance in USD. */
export const ChannelBalanceResultSchema = z.object({
  success: z.boolean(),
  message: orDefault(z.string(), ''),
  balance: orDefault(z.number(), 0),
});
/** A channel balance refresh result. */
export type ChannelBalanceResult = z.output<typeof ChannelBalanceResultSchema>;

/** `GET /api/models`: built-in model names by channel type number (as a string key). */
export const ModelsByChannelTypeSchema = z.record(z.string(), orDefault(z.array(z.string()), []));
/** Built-in models by channel type. */
export type ModelsByChannelType = z.output<typeof ModelsByChannelTypeSchema>;

/**
 * One entry of the built-in model catalogue (`GET /api/channel/models`), an OpenAI model object.
 * Only `id` is relied on; other fields are kept as sent.
 */
export const CatalogueModelSchema = z.looseObject({
  /** Model name. */
  id: z.string(),
  /** Always `model`. */
  object: z.string().optional(),
  /** Unix seconds (a constant in new-api). */
  created: z.number().optional(),
  /** Owner, e.g. `openai`. */
  owned_by: z.string().optional(),
});
/** A built-in catalogue model. */
export type CatalogueModel = z.output<typeof CatalogueModelSchema>;
