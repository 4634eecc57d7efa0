import { z } from 'zod';
import { LogType } from '../constants/states.js';
import { msg } from '../i18n/translate.js';
import {
  intField,
  ListParamsSchema,
  orDefault,
  parseJsonText,
  TimestampSchema,
  timeRangeShape,
  withTimeRange,
} from './common.js';

/** A usage log row. User-facing lists hide `channel_name` and `other.admin_info` and show `id % 1024`. */
export const LogSchema = z.object({
  id: z.number().int(),
  user_id: orDefault(z.number().int(), 0),
  /** Unix seconds. */
  created_at: orDefault(z.number(), 0),
  /** 1 top-up, 2 consume, 3 manage, 4 system. */
  type: orDefault(z.number().int(), LogType.Unknown),
  content: orDefault(z.string(), ''),
  username: orDefault(z.string(), ''),
  token_name: orDefault(z.string(), ''),
  model_name: orDefault(z.string(), ''),
  quota: orDefault(z.number(), 0),
  prompt_tokens: orDefault(z.number(), 0),
  completion_tokens: orDefault(z.number(), 0),
  /** Whole seconds. */
  use_time: orDefault(z.number(), 0),
  is_stream: orDefault(z.boolean(), false),
  /** The channel id (JSON name `channel`, column `channel_id`). */
  channel: orDefault(z.number().int(), 0),
  /** Admin lists only. */
  channel_name: orDefault(z.string(), ''),
  token_id: orDefault(z.number().int(), 0),
  group: orDefault(z.string(), ''),
  /** JSON text with billing details; see {@link parseLogOther}. */
  other: orDefault(z.string(), ''),
});
/** A usage log row. */
export type Log = z.output<typeof LogSchema>;

const optionalNumber = z.number().optional().catch(undefined);

/** The parsed `other` JSON of a log row. Every field is optional and unknown fields are kept. */
export const LogOtherSchema = z.looseObject({
  /** First-response time in ms; -1000 when nothing was streamed. */
  frt: optionalNumber,
  model_ratio: optionalNumber,
  model_price: optionalNumber,
  completion_ratio: optionalNumber,
  group_ratio: optionalNumber,
  is_model_mapped: z.boolean().optional().catch(undefined),
  upstream_model_name: z.string().optional().catch(undefined),
  /** Admin lists only: the channel ids tried, in order. */
  admin_info: z
    .object({
      use_channel: z
        .array(z.union([z.string(), z.number()]).transform(String))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  reasoning_effort: z.string().optional().catch(undefined),
  ws: z.boolean().optional().catch(undefined),
  audio: z.boolean().optional().catch(undefined),
  audio_input: optionalNumber,
  audio_output: optionalNumber,
  text_input: optionalNumber,
  text_output: optionalNumber,
  audio_ratio: optionalNumber,
  audio_completion_ratio: optionalNumber,
  /** Prompt tokens read from the upstream's cache, billed at `cache_ratio`. */
  cache_tokens: optionalNumber,
  cache_ratio: optionalNumber,
  /** Prompt tokens written to the upstream's cache, billed at `cache_creation_ratio`. */
  cache_creation_tokens: optionalNumber,
  cache_creation_ratio: optionalNumber,
});
/** Parsed log billing details. */
export type LogOther = z.output<typeof LogOtherSchema>;

/** Parses a log's `other` text; empty or malformed text gives `{}`. */
export function parseLogOther(text: string | null | undefined): LogOther {
  return parseJsonText(LogOtherSchema, text);
}

/** `GET /api/log/stat`: consumed quota of the filter, and requests/tokens of the last 60 s. */
export const LogStatSchema = z.object({
  quota: orDefault(z.number(), 0),
  rpm: orDefault(z.number(), 0),
  tpm: orDefault(z.number(), 0),
});
/** Log statistics. */
export type LogStat = z.output<typeof LogStatSchema>;

/** A dashboard row of `GET /api/data/`: usage per user, model and hour. */
export const QuotaDataSchema = z.object({
  id: orDefault(z.number().int(), 0),
  user_id: orDefault(z.number().int(), 0),
  username: orDefault(z.string(), ''),
  model_name: orDefault(z.string(), ''),
  /** Unix seconds, truncated to the hour. */
  created_at: orDefault(z.number(), 0),
  token_used: orDefault(z.number(), 0),
  count: orDefault(z.number(), 0),
  quota: orDefault(z.number(), 0),
});
/** A dashboard usage row. */
export type QuotaData = z.output<typeof QuotaDataSchema>;

const logFilters = {
  /** 0 (all) or one log type. */
  type: intField(msg('log.invalidType'))
    .pipe(z.literal(Object.values(LogType), msg('log.invalidType')))
    .optional(),
  /** Admin only; forced to the caller on self lists. */
  username: z.string().trim().optional(),
  token_name: z.string().trim().optional(),
  /** SQL LIKE pattern, no wildcards added. */
  model_name: z.string().trim().optional(),
  /** Admin only: channel id. */
  channel: intField(msg('common.invalidId')).optional(),
  group: z.string().trim().optional(),
  ...timeRangeShape,
};

/** `GET /api/log/` and `/api/log/self`: page plus filters. */
export const LogListParamsSchema = withTimeRange(ListParamsSchema.extend(logFilters));
/** Log list parameters. */
export type LogListParams = z.input<typeof LogListParamsSchema>;

/** `GET /api/log/stat` and `/api/log/self/stat`: the list filters without paging. */
export const LogStatParamsSchema = withTimeRange(z.object(logFilters));
/** Log statistics parameters. */
export type LogStatParams = z.input<typeof LogStatParamsSchema>;

/** `GET /api/log/search` and `/api/log/self/search`. */
export const LogSearchParamsSchema = z.object({ keyword: z.string().trim().default('') });
/** Log search parameters. */
export type LogSearchParams = z.input<typeof LogSearchParamsSchema>;

/** `DELETE /api/log/?target_timestamp=`: delete rows created before this unix time. */
export const LogClearParamsSchema = z.object({
  target_timestamp: intField(msg('log.clearTimeRequired')).pipe(
    z.number().min(1, msg('log.clearTimeRequired')),
  ),
});
/** Log clearing parameters. */
export type LogClearParams = z.input<typeof LogClearParamsSchema>;

/** `GET /api/data/` and `/api/data/self`: the window (and, for admins, a username). */
export const QuotaDataParamsSchema = withTimeRange(
  z.object({
    ...timeRangeShape,
    start_timestamp: TimestampSchema,
    end_timestamp: TimestampSchema,
    username: z.string().trim().optional(),
  }),
);
/** Dashboard data parameters. */
export type QuotaDataParams = z.input<typeof QuotaDataParamsSchema>;

/** `GET /api/log/token?key=`: the full `sk-…` key whose logs to list. */
export const TokenLogParamsSchema = z.object({ key: z.string().trim().min(1) });
