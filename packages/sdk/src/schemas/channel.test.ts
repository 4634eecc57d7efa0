import { describe, expect, it } from 'vitest';
import {
  ChannelBalanceResultSchema,
  ChannelSchema,
  ChannelTestResultSchema,
  ModelsByChannelTypeSchema,
  parseChannelOtherInfo,
  parseChannelSetting,
} from './channel.js';

/** A channel of `GET /api/channel/` in new-api 0.4.8 (key omitted, pointer fields set). */
const row = {
  id: 12,
  type: 1,
  key: '',
  openai_organization: null,
  test_model: 'gpt-4o-mini',
  status: 3,
  name: 'openai-main',
  weight: 10,
  created_time: 1741161600,
  test_time: 1741165200,
  response_time: 850,
  base_url: 'https://api.openai.com',
  other: '',
  balance: 12.5,
  balance_updated_time: 1741165200,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  used_quota: 123456,
  model_mapping: '{"gpt-4":"gpt-4o"}',
  status_code_mapping: '',
  priority: 5,
  auto_ban: 1,
  other_info: '{"status_reason":"invalid_api_key","status_time":1741165300}',
  tag: null,
  setting: '{"force_format":true,"proxy":"socks5://127.0.0.1:1080"}',
};

describe('ChannelSchema', () => {
  it('parses a new-api channel row strictly, turning null pointers into defaults', () => {
    const channel = ChannelSchema.strict().parse(row);
    expect(channel).toMatchObject({ id: 12, status: 3, priority: 5, weight: 10, response_time: 850 });
    expect(channel.openai_organization).toBe('');
    expect(channel.tag).toBe('');
  });

  it('fills new-api defaults for a sparse row and keeps a groups list', () => {
    expect(ChannelSchema.parse({ id: 1, priority: null, auto_ban: null, groups: ['a'] })).toMatchObject({
      priority: 0,
      auto_ban: 1,
      group: 'default',
      status: 1,
      groups: ['a'],
    });
  });
});

describe('channel JSON text fields', () => {
  it('reads other_info: why and when it was auto-disabled', () => {
    expect(parseChannelOtherInfo(row.other_info)).toEqual({
      status_reason: 'invalid_api_key',
      status_time: 1741165300,
    });
    expect(parseChannelOtherInfo('')).toEqual({});
  });

  it('reads the setting JSON', () => {
    expect(parseChannelSetting(row.setting)).toEqual({
      force_format: true,
      proxy: 'socks5://127.0.0.1:1080',
    });
    expect(parseChannelSetting('not json')).toEqual({});
  });
});

describe('channel call results', () => {
  it('parses a test result with its time in seconds', () => {
    expect(ChannelTestResultSchema.parse({ success: false, message: 'bad key', time: 0.42 })).toEqual({
      success: false,
      message: 'bad key',
      time: 0.42,
    });
  });

  it('parses a balance refresh', () => {
    expect(ChannelBalanceResultSchema.parse({ success: true, message: '', balance: 3.2 }).balance).toBe(3.2);
  });

  it('parses the built-in models by channel type', () => {
    expect(ModelsByChannelTypeSchema.parse({ '1': ['gpt-4o'], '14': null })).toEqual({
      '1': ['gpt-4o'],
      '14': [],
    });
  });
});
