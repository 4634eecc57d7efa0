import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../types.js';
import { bedrockError, toBedrockClaude } from './chat.js';
import { bedrockProvider } from './index.js';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

describe('bedrock chat transforms', () => {
  it("sends Anthropic's body with Bedrock's anthropic_version and no model, stream or metadata (fixture)", () => {
    const request = read('../anthropic/__fixtures__/request.unified.json') as ChatRequest;
    const { modelId, body } = toBedrockClaude(request, 'claude-3-5-sonnet-20241022');
    expect(modelId).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(body).toEqual(read('./__fixtures__/request.bedrock.json'));
  });

  it('maps the model id after the -thinking suffix is stripped', () => {
    const hi: ChatRequest = { model: 'x', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4000 };
    const { modelId, body } = toBedrockClaude(hi, 'claude-3-7-sonnet-20250219-thinking');
    expect(modelId).toBe('anthropic.claude-3-7-sonnet-20250219-v1:0');
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 3200 });
  });

  it('reads a Bedrock response with the anthropic transform', () => {
    const out = bedrockProvider.chatResponse(
      read('./__fixtures__/response.bedrock.json'),
      'claude-3-5-haiku',
    );
    expect({ ...out, created: 0 }).toEqual({
      id: 'msg_bdrk_01Tr4dEsQzvWpVT5LbPzYDhf',
      object: 'chat.completion',
      created: 0,
      model: 'claude-3-5-haiku-20241022',
      choices: [
        { index: 0, message: { role: 'assistant', content: 'Hello from Bedrock.' }, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 },
    });
  });

  it("reads Bedrock's {message} error body (fixture)", () => {
    expect(bedrockError(403, read('./__fixtures__/error.bedrock.json'))).toEqual({
      message: 'The security token included in the request is invalid.',
      type: 'upstream_error',
      code: 'bad_response_status_code',
    });
  });

  it('uses an exception name from __type as the code, and falls back on text or status', () => {
    const body = { __type: 'com.amazon.coral.validate#ValidationException', Message: 'max_tokens: too big' };
    expect(bedrockError(400, body)).toEqual({
      message: 'max_tokens: too big',
      type: 'upstream_error',
      code: 'ValidationException',
    });
    expect(bedrockError(502, ' Bad Gateway ').message).toBe('Bad Gateway');
    expect(bedrockError(500, null).message).toBe('upstream returned status 500');
  });
});
