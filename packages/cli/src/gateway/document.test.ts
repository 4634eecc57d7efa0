import { describe, expect, it } from 'vitest';
import { parseDoc } from './document.js';
import { CHANNEL_FIELDS } from './normalize.js';

const channel = (fields: Record<string, unknown>) => ({
  version: 1,
  channels: [{ name: 'openai', type: 1, ...fields }],
});
const refusal = (fields: Record<string, unknown>, lang?: 'zh' | 'en') => {
  try {
    parseDoc(channel(fields), 'gateway.yaml', lang);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('the gateway file', () => {
  it('keeps its own forms: status by name, key references, lists, JSON maps, auto_ban as a boolean', () => {
    const doc = parseDoc(
      channel({
        status: 'disabled',
        key: '${env:OPENAI_KEY}',
        models: 'gpt-4o, gpt-4o-mini',
        group: ['default', 'vip'],
        priority: 10,
        weight: 2,
        base_url: 'https://api.example.com',
        tag: 'main',
        test_model: 'gpt-4o',
        model_mapping: { 'gpt-4': 'gpt-4o' },
        status_code_mapping: '{"429":"500"}',
        setting: {},
        other: 'v1',
        openai_organization: 'org-1',
        auto_ban: false,
      }),
      'gateway.yaml',
    );
    expect(doc.channels[0]).toEqual({
      name: 'openai',
      type: 1,
      status: 'disabled',
      key: '${env:OPENAI_KEY}',
      models: ['gpt-4o', 'gpt-4o-mini'],
      group: ['default', 'vip'],
      priority: 10,
      weight: 2,
      base_url: 'https://api.example.com',
      tag: 'main',
      test_model: 'gpt-4o',
      model_mapping: { 'gpt-4': 'gpt-4o' },
      status_code_mapping: '{"429":"500"}',
      setting: {},
      other: 'v1',
      openai_organization: 'org-1',
      auto_ban: false,
    });
    expect(refusal({ key: 'sk-literal' })).toContain('secrets never live in the file');
    expect(refusal({ status: 1 })).toMatch(/channels\.0\.status/);
    expect(refusal({ surprise: 1 })).toMatch(/surprise/);
  });

  it('checks the fields it writes as the API takes them with the SDK’s rules, in the CLI’s language', () => {
    expect(refusal({ base_url: 'ftp://files.example.com' })).toBe(
      'gateway.yaml: channels.0.base_url: the base URL must be an http:// or https:// address',
    );
    expect(refusal({ priority: -1000 })).toBe(
      'gateway.yaml: channels.0.priority: priority must not be less than -999',
    );
    expect(refusal({ type: 0 })).toBe('gateway.yaml: channels.0.type: invalid channel type');
    expect(refusal({ tag: 'a\u001b[2Jb' })).toMatch(/must not contain control characters/);
    expect(refusal({ type: 0 }, 'zh')).toBe('gateway.yaml: channels.0.type: 无效的渠道类型');
  });

  it('reads those fields as the server stores them, so a plan compares like with like', () => {
    const [spec] = parseDoc(
      channel({ base_url: 'https://api.example.com/', test_model: ' gpt-4o ', tag: ' main ' }),
      'gateway.yaml',
    ).channels;
    expect(spec).toMatchObject({ base_url: 'https://api.example.com', test_model: 'gpt-4o', tag: 'main' });
  });

  it('manages its fields in the order the plan shows them', () => {
    expect(CHANNEL_FIELDS).toEqual([
      'type',
      'status',
      'models',
      'group',
      'priority',
      'weight',
      'base_url',
      'tag',
      'test_model',
      'model_mapping',
      'status_code_mapping',
      'setting',
      'other',
      'openai_organization',
      'auto_ban',
    ]);
  });
});
