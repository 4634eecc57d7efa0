import { describe, expect, it } from 'vitest';
import { geminiClientFormat, geminiProvider } from './index.js';
import { channel } from './test-helpers.js';

const body = {
  contents: [
    { role: 'user', parts: [{ text: 'Hi' }] },
    { role: 'model', parts: [{ functionCall: { name: 'ls', args: {} }, thoughtSignature: 'CiQB+/sig==' }] },
    { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { files: [] } } }] },
  ],
  cached_content: 'cachedContents/abc123',
  generation_config: { thinking_config: { include_thoughts: true } },
};

describe('gemini same-format pass-through', () => {
  it("forwards the client's body byte for byte, the model in the URL", async () => {
    expect(geminiProvider.native?.dialect('gemini-2.5-pro')).toBe('gemini');
    const native = { body, headers: {}, stream: true };
    const up = await geminiProvider.native!.request(channel({ other: 'v1' }), native, 'gemini-2.5-pro');
    expect(up).toEqual({
      url: 'https://generativelanguage.googleapis.com/v1/models/gemini-2.5-pro:streamGenerateContent?alt=sse',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test-key' },
      body: JSON.stringify(body),
    });
  });

  it('answers with the upstream bytes, modelVersion set to the requested model', () => {
    const client = geminiClientFormat.native!;
    const text =
      '{"candidates":[],"usageMetadata":{"cachedContentTokenCount":9},"modelVersion":"gemini-2.5-pro-001"}';
    expect(client.response(text, JSON.parse(text), 'gemini-pro-alias')).toBe(
      text.replace('gemini-2.5-pro-001', 'gemini-pro-alias'),
    );
    expect(client.response(text, JSON.parse(text), 'gemini-2.5-pro-001')).toBe(text);
    const event = { data: text };
    expect(client.event(event, 'gemini-2.5-pro-001')).toBe(event);
    expect(JSON.parse(client.event(event, 'alias').data).modelVersion).toBe('alias');
    expect(client.streamError({ message: 'reset', type: 'upstream_error', code: null })).toEqual({
      data: '{"error":{"code":500,"message":"reset","status":"INTERNAL"}}',
    });
  });
});
