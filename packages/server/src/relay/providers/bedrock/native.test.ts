import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../types.js';
import { bedrockProvider } from './index.js';

const channel: ChannelConfig = {
  id: 33,
  type: 33,
  key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1',
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
};

const body = {
  model: 'claude-requested',
  max_tokens: 100,
  stream: true,
  metadata: { user_id: 'u' },
  messages: [
    {
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'EqQBCgIYAhIM+/==' }],
    },
  ],
  system: [{ type: 'text', text: 'ctx', cache_control: { type: 'ephemeral' } }],
};

describe('bedrock same-format pass-through', () => {
  it("sends the Claude client's body the Bedrock way: model in the URL, betas in the body, signed", async () => {
    const native = { body, headers: { 'anthropic-beta': 'interleaved-thinking-2025-05-14' }, stream: true };
    const up = await bedrockProvider.native!.request(channel, native, 'claude-3-7-sonnet-20250219');
    expect(up.url).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-7-sonnet-20250219-v1%3A0/invoke-with-response-stream',
    );
    expect(up.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    const { model: _m, stream: _s, metadata: _md, ...rest } = body;
    expect(JSON.parse(up.body!)).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      ...rest,
      anthropic_beta: ['interleaved-thinking-2025-05-14'],
    });
  });

  it('speaks Claude for every model and leaves out anthropic_beta when the client sent none', async () => {
    expect(bedrockProvider.native!.dialect('anything')).toBe('claude');
    const up = await bedrockProvider.native!.request(channel, { body, headers: {}, stream: false }, 'm');
    expect(up.url).toMatch(/\/model\/m\/invoke$/);
    expect(JSON.parse(up.body!)).not.toHaveProperty('anthropic_beta');
  });
});
