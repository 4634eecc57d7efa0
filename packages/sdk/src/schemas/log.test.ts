import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  LogClearParamsSchema,
  LogListParamsSchema,
  LogSchema,
  LogStatSchema,
  parseLogOther,
  QuotaDataParamsSchema,
  QuotaDataSchema,
} from './log.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

/** A consume log of `GET /api/log/` (admin view) in new-api 0.4.8. */
const row = {
  id: 1042,
  user_id: 7,
  created_at: 1741165200,
  type: 2,
  content: '模型倍率 1.25，补全倍率 4.00，分组倍率 1.00',
  username: 'alice',
  token_name: 'ci',
  model_name: 'gpt-4o',
  quota: 3125,
  prompt_tokens: 1000,
  completion_tokens: 400,
  use_time: 3,
  is_stream: true,
  channel: 12,
  channel_name: 'openai-main',
  token_id: 3,
  group: 'default',
  other:
    '{"admin_info":{"use_channel":["12","15"]},"completion_ratio":4,"frt":812,"group_ratio":1,"model_price":-1,"model_ratio":1.25,"is_model_mapped":true,"upstream_model_name":"gpt-4o-2024-08-06","reasoning_effort":"low"}',
};

describe('LogSchema', () => {
  it('parses a log row strictly, with the channel id under "channel"', () => {
    expect(LogSchema.strict().parse(row)).toEqual(row);
  });

  it('parses a sanitised self-log row without channel_name', () => {
    const { channel_name: _hidden, ...self } = row;
    expect(LogSchema.parse({ ...self, id: 1042 % 1024 }).channel_name).toBe('');
  });
});

describe('parseLogOther', () => {
  it('reads the billing details', () => {
    expect(parseLogOther(row.other)).toEqual({
      admin_info: { use_channel: ['12', '15'] },
      completion_ratio: 4,
      frt: 812,
      group_ratio: 1,
      model_price: -1,
      model_ratio: 1.25,
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-2024-08-06',
      reasoning_effort: 'low',
    });
  });

  it('keeps audio fields and unknown keys, and survives bad text', () => {
    expect(
      parseLogOther('{"audio":true,"audio_input":120,"audio_ratio":20,"ws":true,"cache_tokens":5,"x":1}'),
    ).toMatchObject({
      audio: true,
      audio_input: 120,
      audio_ratio: 20,
      ws: true,
      cache_tokens: 5,
      x: 1,
    });
    expect(parseLogOther('')).toEqual({});
    expect(parseLogOther('{"frt":"fast"}')).toEqual({ frt: undefined });
  });

  it('reads the prompt-cache fields', () => {
    const other =
      '{"cache_tokens":800,"cache_ratio":0.1,"cache_creation_tokens":100,"cache_creation_ratio":1.25}';
    expect(parseLogOther(other)).toEqual({
      cache_tokens: 800,
      cache_ratio: 0.1,
      cache_creation_tokens: 100,
      cache_creation_ratio: 1.25,
    });
    expect(parseLogOther('{"cache_creation_ratio":"high"}')).toEqual({ cache_creation_ratio: undefined });
  });
});

describe('stats and dashboard rows', () => {
  it('parses log stats and quota data', () => {
    expect(LogStatSchema.parse({ quota: 3125, rpm: 2, tpm: 1400 })).toEqual({
      quota: 3125,
      rpm: 2,
      tpm: 1400,
    });
    const data = {
      id: 1,
      user_id: 7,
      username: 'alice',
      model_name: 'gpt-4o',
      created_at: 1741161600,
      token_used: 1400,
      count: 1,
      quota: 3125,
    };
    expect(QuotaDataSchema.strict().parse(data)).toEqual(data);
  });
});

describe('LogListParamsSchema', () => {
  it('accepts every filter, reading numbers from text', () => {
    expect(
      LogListParamsSchema.parse({
        page: '2',
        pageSize: 50,
        type: '2',
        username: 'alice',
        token_name: 'ci',
        model_name: 'gpt-4o',
        start_timestamp: '1741161600',
        end_timestamp: 1741165200,
        channel: '12',
        group: 'default',
      }),
    ).toEqual({
      page: 2,
      pageSize: 50,
      type: 2,
      username: 'alice',
      token_name: 'ci',
      model_name: 'gpt-4o',
      start_timestamp: 1741161600,
      end_timestamp: 1741165200,
      channel: 12,
      group: 'default',
    });
  });

  it('rejects unknown types, bad paging and reversed windows', () => {
    expect(firstMessage(LogListParamsSchema, { type: 9 })).toBe('log.invalidType');
    expect(firstMessage(LogListParamsSchema, { page: 0 })).toBe('list.invalidPage');
    expect(firstMessage(LogListParamsSchema, { pageSize: 101 })).toBe('list.invalidPageSize');
    const reversed = LogListParamsSchema.safeParse({ start_timestamp: 10, end_timestamp: 5 });
    expect(formatZodError(reversed.error!, 'en')).toBe('the start time must not be after the end time');
    expect(firstMessage(LogListParamsSchema, { start_timestamp: -1 })).toBe('common.invalidTimestamp');
  });
});

describe('LogClearParamsSchema and QuotaDataParamsSchema', () => {
  it('needs a time to clear before', () => {
    expect(LogClearParamsSchema.parse({ target_timestamp: '1741161600' })).toEqual({
      target_timestamp: 1741161600,
    });
    expect(firstMessage(LogClearParamsSchema, { target_timestamp: '' })).toBe('log.clearTimeRequired');
  });

  it('needs a window for dashboard data', () => {
    expect(QuotaDataParamsSchema.parse({ start_timestamp: 1, end_timestamp: 2 })).toEqual({
      start_timestamp: 1,
      end_timestamp: 2,
    });
    expect(firstMessage(QuotaDataParamsSchema, { start_timestamp: 1 })).toBe('common.invalidTimestamp');
  });
});
