import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  ChannelBatchDeleteParamsSchema,
  ChannelBatchTagParamsSchema,
  ChannelCreateParamsSchema,
  ChannelFetchModelsParamsSchema,
  ChannelListParamsSchema,
  ChannelPriorityUpdateParamsSchema,
  ChannelSearchParamsSchema,
  ChannelStatusUpdateParamsSchema,
  ChannelTagEditParamsSchema,
  ChannelUpdateParamsSchema,
  ChannelWeightUpdateParamsSchema,
  isHttpUrl,
  mergeCustomModels,
} from './channel-params.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

const base = { type: 1, name: 'main', key: 'sk-abc', models: 'gpt-4o' };

describe('ChannelCreateParamsSchema', () => {
  it('fills the editor defaults', () => {
    expect(ChannelCreateParamsSchema.parse(base)).toEqual({
      mode: 'single',
      ...base,
      group: 'default',
      auto_ban: 1,
      priority: 0,
      weight: 0,
      base_url: '',
      other: '',
      model_mapping: '',
      status_code_mapping: '',
      setting: '',
    });
  });

  it('requires name and key: "please fill in the channel name and key"', () => {
    const result = ChannelCreateParamsSchema.safeParse({ ...base, key: '' });
    expect(result.error?.issues[0]?.message).toBe('channel.nameAndKeyRequired');
    expect(formatZodError(result.error!, 'en')).toBe('please fill in the channel name and key');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, name: ' ' })).toBe(
      'channel.nameAndKeyRequired',
    );
  });

  it('needs at least one model and rejects duplicates', () => {
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, models: ' , ' })).toBe(
      'channel.modelsRequired',
    );
    const dup = ChannelCreateParamsSchema.safeParse({ ...base, models: 'gpt-4o,gpt-4o' });
    expect(formatZodError(dup.error!, 'en')).toBe('some models already exist');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, models: 'm'.repeat(256) })).toBe(
      'channel.modelNameTooLong',
    );
  });

  it('joins model and group lists with commas', () => {
    const channel = ChannelCreateParamsSchema.parse({
      ...base,
      models: ['gpt-4o', ' o1 '],
      group: ['default', 'vip'],
    });
    expect(channel).toMatchObject({ models: 'gpt-4o,o1', group: 'default,vip' });
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, group: 'vip,vip' })).toBe(
      'channel.groupsDuplicate',
    );
  });

  it('checks the JSON mappings', () => {
    expect(
      ChannelCreateParamsSchema.parse({ ...base, model_mapping: ' {"gpt-4":"gpt-4o"} ' }).model_mapping,
    ).toBe('{"gpt-4":"gpt-4o"}');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, model_mapping: '{gpt-4: gpt-4o}' })).toBe(
      'channel.modelMappingInvalid',
    );
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, model_mapping: '["a"]' })).toBe(
      'channel.modelMappingInvalid',
    );
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, status_code_mapping: '{"429":500}' })).toBe(
      'channel.statusCodeMappingInvalid',
    );
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, setting: 'x' })).toBe('channel.settingInvalid');
  });

  it('strips trailing slashes from the base URL and sends auto_ban as 1 or 0', () => {
    const channel = ChannelCreateParamsSchema.parse({
      ...base,
      base_url: 'https://api.example.com//',
      auto_ban: false,
    });
    expect(channel).toMatchObject({ base_url: 'https://api.example.com', auto_ban: 0 });
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, auto_ban: 2 })).toBe('channel.invalidAutoBan');
  });

  it('gives Xunfei (18) the v2.1 version when other is empty', () => {
    expect(ChannelCreateParamsSchema.parse({ ...base, type: 18, key: 'a|b|c' }).other).toBe('v2.1');
    expect(ChannelCreateParamsSchema.parse({ ...base, type: 18, key: 'a|b|c', other: 'v3.5' }).other).toBe(
      'v3.5',
    );
  });

  it('parses priority and weight as integers', () => {
    expect(ChannelCreateParamsSchema.parse({ ...base, priority: '-5', weight: '3' })).toMatchObject({
      priority: -5,
      weight: 3,
    });
    const priority = ChannelCreateParamsSchema.safeParse({ ...base, priority: 'high' });
    expect(formatZodError(priority.error!, 'en')).toBe('priority must be an integer');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, priority: -1000 })).toBe('channel.priorityMin');
    const weight = ChannelCreateParamsSchema.safeParse({ ...base, weight: -1 });
    expect(formatZodError(weight.error!, 'en')).toBe('weight must be a non-negative integer');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, weight: 1.5 })).toBe(
      'channel.weightNonNegative',
    );
  });

  it('takes one key per line in batch mode and one line in single mode', () => {
    const batch = ChannelCreateParamsSchema.parse({ ...base, mode: 'batch', key: 'k1\n\n  k2 \nk3\n' });
    expect(batch.key).toBe('k1\nk2\nk3');
    expect(firstMessage(ChannelCreateParamsSchema, { ...base, key: 'k1\nk2' })).toBe('channel.keyMultiline');
  });

  it('needs a JSON credential and a region for Vertex AI (41)', () => {
    const vertex = { ...base, type: 41, key: '{\n "type": "service_account"\n}', other: 'us-central1' };
    expect(ChannelCreateParamsSchema.parse(vertex).key).toContain('service_account');
    expect(firstMessage(ChannelCreateParamsSchema, { ...vertex, key: 'plain' })).toBe(
      'channel.vertexKeyInvalid',
    );
    expect(firstMessage(ChannelCreateParamsSchema, { ...vertex, other: '' })).toBe(
      'channel.vertexRegionRequired',
    );
  });
});

describe('ChannelUpdateParamsSchema', () => {
  it('keeps the stored key when the key is empty and sends only given fields', () => {
    expect(
      ChannelUpdateParamsSchema.parse({ id: 12, key: '', name: 'renamed', base_url: 'https://x.y/' }),
    ).toEqual({
      id: 12,
      key: undefined,
      name: 'renamed',
      base_url: 'https://x.y',
    });
  });

  it('applies the create rules to the fields it has', () => {
    expect(firstMessage(ChannelUpdateParamsSchema, { id: 12, models: 'a,a' })).toBe(
      'channel.modelsDuplicate',
    );
    expect(firstMessage(ChannelUpdateParamsSchema, { id: 12, priority: 'x' })).toBe(
      'channel.priorityInteger',
    );
    expect(firstMessage(ChannelUpdateParamsSchema, { name: 'x' })).toBe('common.invalidId');
  });
});

describe('row updates', () => {
  it('sets status 1 or 2', () => {
    expect(ChannelStatusUpdateParamsSchema.parse({ id: 1, status: 2 })).toEqual({ id: 1, status: 2 });
    expect(firstMessage(ChannelStatusUpdateParamsSchema, { id: 1, status: 3 })).toBe('channel.invalidStatus');
  });

  it('bounds priority at -999 and sends negative weights as 0', () => {
    expect(ChannelPriorityUpdateParamsSchema.parse({ id: 1, priority: '-999' }).priority).toBe(-999);
    expect(firstMessage(ChannelPriorityUpdateParamsSchema, { id: 1, priority: -1000 })).toBe(
      'channel.priorityMin',
    );
    expect(ChannelWeightUpdateParamsSchema.parse({ id: 1, weight: -4 }).weight).toBe(0);
    expect(firstMessage(ChannelWeightUpdateParamsSchema, { id: 1, weight: 'x' })).toBe(
      'channel.weightNonNegative',
    );
  });
});

describe('tags', () => {
  it('edits a tag: empty fields mean no change', () => {
    expect(
      ChannelTagEditParamsSchema.parse({
        tag: 't',
        new_tag: 'u',
        priority: '',
        weight: '2',
        models: '',
        groups: ['a', 'b'],
      }),
    ).toEqual({
      tag: 't',
      new_tag: 'u',
      priority: undefined,
      weight: 2,
      model_mapping: undefined,
      models: undefined,
      groups: 'a,b',
    });
  });

  it('dissolves the tag with an empty new_tag', () => {
    expect(ChannelTagEditParamsSchema.parse({ tag: 't', new_tag: '' }).new_tag).toBe('');
  });

  it('says "no modification" when nothing changes', () => {
    const result = ChannelTagEditParamsSchema.safeParse({ tag: 't', priority: '', model_mapping: '' });
    expect(formatZodError(result.error!, 'en')).toBe('no modification');
    expect(firstMessage(ChannelTagEditParamsSchema, { tag: 't', model_mapping: '{' })).toBe(
      'channel.modelMappingInvalid',
    );
    expect(firstMessage(ChannelTagEditParamsSchema, { tag: '', new_tag: 'x' })).toBe('channel.tagRequired');
  });

  it('batch-tags selected channels with a non-empty tag', () => {
    expect(ChannelBatchTagParamsSchema.parse({ ids: [1, '2'], tag: ' team ' })).toEqual({
      ids: [1, 2],
      tag: 'team',
    });
    const none = ChannelBatchTagParamsSchema.safeParse({ ids: [], tag: 'team' });
    expect(formatZodError(none.error!, 'en')).toBe('please select channels first');
    const empty = ChannelBatchTagParamsSchema.safeParse({ ids: [1], tag: '' });
    expect(formatZodError(empty.error!, 'en')).toBe('tag cannot be empty');
  });
});

describe('other channel calls', () => {
  it('deletes selected channels only', () => {
    expect(ChannelBatchDeleteParamsSchema.parse({ ids: [3] })).toEqual({ ids: [3] });
    expect(firstMessage(ChannelBatchDeleteParamsSchema, { ids: [] })).toBe('channel.deleteSelectFirst');
  });

  it('fetches upstream models with a key', () => {
    expect(ChannelFetchModelsParamsSchema.parse({ base_url: 'https://a.b/', type: 1, key: 'sk' })).toEqual({
      base_url: 'https://a.b',
      type: 1,
      key: 'sk',
    });
    expect(firstMessage(ChannelFetchModelsParamsSchema, { key: '' })).toBe('channel.keyRequired');
  });

  it('reads id_sort and tag_mode flags like Go ParseBool', () => {
    expect(ChannelListParamsSchema.parse({ id_sort: 'true', tag_mode: '0' })).toMatchObject({
      id_sort: true,
      tag_mode: false,
    });
    expect(ChannelSearchParamsSchema.parse({ keyword: 'open' })).toEqual({
      keyword: 'open',
      group: '',
      model: '',
    });
    expect(firstMessage(ChannelListParamsSchema, { id_sort: 'yes' })).toBe('common.invalidBoolean');
  });

  it('adds custom models unless one already exists', () => {
    expect(mergeCustomModels(['gpt-4o'], 'o1, o3-mini')).toEqual({
      ok: true,
      models: ['gpt-4o', 'o1', 'o3-mini'],
    });
    expect(mergeCustomModels(['gpt-4o'], 'gpt-4o,o1')).toEqual({
      ok: false,
      message: 'channel.modelsDuplicate',
      duplicates: ['gpt-4o'],
    });
  });
});

describe('base URL and key checks', () => {
  it('accepts only http(s) base URLs', () => {
    for (const url of ['https://api.openai.com', 'http://127.0.0.1:3000/v1', 'http://h/{model}/x'])
      expect(isHttpUrl(url), url).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://h',
      'http://',
      'h.com',
      'http://a\n.b',
    ])
      expect(isHttpUrl(url), url).toBe(false);
    expect(
      firstMessage(ChannelCreateParamsSchema, { name: 'a', key: 'k', models: 'm', base_url: 'file:///x' }),
    ).toBe('channel.baseUrlInvalid');
  });

  it('fetch_models takes the first key of a batch list and refuses control characters within one', () => {
    expect(ChannelFetchModelsParamsSchema.parse({ key: 'sk-1\r\nsk-2' }).key).toBe('sk-1');
    expect(firstMessage(ChannelFetchModelsParamsSchema, { key: 'sk-\u00001' })).toBe(
      'channel.keyControlChars',
    );
    const vertex = '{\n  "type": "service_account"\n}';
    expect(ChannelFetchModelsParamsSchema.parse({ key: vertex, type: 41 }).key).toBe(vertex);
  });
});
