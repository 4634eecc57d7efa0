import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BoolFlagSchema,
  csvField,
  envelopeSchema,
  IdSchema,
  intField,
  jsonObjectText,
  ListParamsSchema,
  orDefault,
  pagedDataSchema,
  QuotaSchema,
  splitList,
  stripTrailingSlash,
} from './common.js';

describe('ListParamsSchema', () => {
  it('defaults to page 1 of 10 rows and reads text', () => {
    expect(ListParamsSchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(ListParamsSchema.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
  });

  it('keeps page at least 1 and page size within 1..100', () => {
    expect(ListParamsSchema.safeParse({ page: 0 }).error?.issues[0]?.message).toBe('list.invalidPage');
    expect(ListParamsSchema.safeParse({ page: 1.5 }).error?.issues[0]?.message).toBe('list.invalidPage');
    expect(ListParamsSchema.safeParse({ pageSize: 0 }).error?.issues[0]?.message).toBe(
      'list.invalidPageSize',
    );
    expect(ListParamsSchema.safeParse({ pageSize: 101 }).error?.issues[0]?.message).toBe(
      'list.invalidPageSize',
    );
  });
});

describe('field helpers', () => {
  it('intField reads integers from numbers and text only', () => {
    const schema = intField('common.invalidInteger');
    expect(schema.parse(' 42 ')).toBe(42);
    for (const bad of ['', '4x', 1.5, true, null]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('common.invalidInteger');
    }
    expect(intField('common.invalidInteger', { blank: true }).parse('')).toBeUndefined();
  });

  it('IdSchema needs a positive integer', () => {
    expect(IdSchema.parse('7')).toBe(7);
    expect(IdSchema.safeParse(0).error?.issues[0]?.message).toBe('common.invalidId');
  });

  it('csvField joins lists and rejects duplicates when asked', () => {
    expect(csvField().parse(' a, b ,,c ')).toBe('a,b,c');
    expect(csvField().parse(['x', ' y'])).toBe('x,y');
    const strict = csvField({
      duplicateKey: 'channel.modelsDuplicate',
      requiredKey: 'channel.modelsRequired',
    });
    expect(strict.safeParse('a,a').error?.issues[0]).toMatchObject({
      message: 'channel.modelsDuplicate',
      params: { items: 'a' },
    });
    expect(strict.safeParse('').error?.issues[0]?.message).toBe('channel.modelsRequired');
    expect(csvField().safeParse(5).error?.issues[0]?.message).toBe('common.invalidList');
  });

  it('jsonObjectText allows empty text and JSON objects only', () => {
    const schema = jsonObjectText('channel.modelMappingInvalid');
    expect(schema.parse('')).toBe('');
    expect(schema.parse(' {"a":"b"} ')).toBe('{"a":"b"}');
    for (const bad of ['[1]', 'null', '{', '"x"']) expect(schema.safeParse(bad).success, bad).toBe(false);
  });

  it('BoolFlagSchema reads Go ParseBool strings', () => {
    expect(BoolFlagSchema.parse('1')).toBe(true);
    expect(BoolFlagSchema.parse('False')).toBe(false);
    expect(BoolFlagSchema.parse(true)).toBe(true);
    expect(BoolFlagSchema.safeParse('maybe').success).toBe(false);
  });

  it('orDefault turns null and missing into the fallback', () => {
    const schema = z.object({ n: orDefault(z.number(), 0) });
    expect(schema.parse({ n: null })).toEqual({ n: 0 });
    expect(schema.parse({})).toEqual({ n: 0 });
    expect(schema.safeParse({ n: 'x' }).success).toBe(false);
  });

  it('splitList and stripTrailingSlash tidy text', () => {
    expect(splitList('a\n b\n\n', '\n')).toEqual(['a', 'b']);
    expect(stripTrailingSlash(' https://a.b/// ')).toBe('https://a.b');
  });
});

describe('response shapes', () => {
  it('parses the envelope and the paged list shape', () => {
    const schema = envelopeSchema(pagedDataSchema(z.object({ id: z.number() })));
    expect(
      schema.parse({
        success: true,
        message: '',
        data: { items: [{ id: 1 }], total: 1, page: 1, page_size: 10 },
      }),
    ).toEqual({
      success: true,
      message: '',
      data: { items: [{ id: 1 }], total: 1, page: 1, page_size: 10 },
    });
    expect(schema.parse({ success: false, message: '权限不足' })).toEqual({
      success: false,
      message: '权限不足',
    });
    expect(pagedDataSchema(z.number()).parse({ items: null, total: 0 }).items).toEqual([]);
  });
});

describe('QuotaSchema', () => {
  it('takes integers from 0 to MAX_SAFE_INTEGER, as numbers or numeric text', () => {
    expect(QuotaSchema.parse(0)).toBe(0);
    expect(QuotaSchema.parse('42')).toBe(42);
    expect(QuotaSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses negative, fractional, absurd and non-numeric quotas with one message', () => {
    for (const value of [-1, '-5', 1.5, 1e308, 2 ** 63, '9223372036854775808', 'lots', null, [], {}])
      expect(QuotaSchema.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(
        'common.quotaInvalid',
      );
  });
});
