import { SseParser } from '@switchboard/sdk';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChannelConfig, ChatRequest } from '../types.js';
import { UpstreamStreamError } from '../stream-error.js';
import { openaiProvider } from './chat.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const channel = (over: Partial<ChannelConfig> = {}): ChannelConfig => ({
  id: 1,
  type: 1,
  key: 'sk-upstream',
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
  ...over,
});

const request: ChatRequest = {
  model: 'house-model',
  messages: [{ role: 'user', content: 'Hi' }],
  temperature: 0.2,
};

describe('OpenAI-compatible provider', () => {
  it('sends the mapped model with the channel key, and asks streams for usage', () => {
    const plain = openaiProvider.chatRequest(
      channel(),
      { ...request, stream_options: { include_usage: true } },
      'gpt-4o-mini',
    );
    expect(plain).toEqual({
      url: 'https://api.openai.com/v1/chat/completions',
      method: 'POST',
      headers: { authorization: 'Bearer sk-upstream', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: request.messages, temperature: 0.2 }),
    });
    const stream = openaiProvider.chatRequest(
      channel({ baseUrl: 'http://10.1.2.3:8000', organization: 'org-1' }),
      { ...request, stream: true },
      'm',
    ) as { url: string; headers: Record<string, string>; body: string };
    expect(stream.url).toBe('http://10.1.2.3:8000/v1/chat/completions');
    expect(stream.headers['openai-organization']).toBe('org-1');
    expect(JSON.parse(stream.body)).toMatchObject({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('substitutes {model} in a custom channel URL (type 8)', () => {
    const req = openaiProvider.chatRequest(
      channel({ type: 8, baseUrl: 'http://h/deploy/{model}/chat' }),
      request,
      'x-1',
    );
    expect((req as { url: string }).url).toBe('http://h/deploy/x-1/chat');
  });

  it('turns a captured stream into chunks, swallowing [DONE] and keeping the usage', () => {
    const converter = openaiProvider.chatStream('gpt-4o-mini');
    const parser = new SseParser();
    const chunks = [...parser.feed(fixture('stream.sse')), ...parser.end()].flatMap((e) =>
      converter.event(e),
    );
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual(['', 'Hel', 'lo', null]);
    expect(chunks[2]!.choices[0]!.finish_reason).toBe('stop');
    expect(converter.usage()).toEqual({ prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 });
    expect(converter.end()).toEqual([]);
  });

  it('keeps cached-token details as the upstream reports them, plain and streamed', () => {
    const usage = {
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 192 },
    };
    const chunk = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'o3', choices: [], usage };
    const converter = openaiProvider.chatStream('o3');
    converter.event({ data: JSON.stringify(chunk) });
    expect(converter.usage()).toEqual(usage);
    const response = { id: 'c', object: 'chat.completion', created: 1, model: 'o3', choices: [], usage };
    expect(openaiProvider.chatResponse(response, 'o3').usage).toEqual(usage);
  });

  it("reports an upstream's in-stream error with its own message, and takes usage sent without choices", () => {
    const converter = openaiProvider.chatStream('gpt-4o-mini');
    const error = { message: 'The server had an error.', type: 'server_error', param: null, code: null };
    const thrown = (() => {
      try {
        converter.event({ data: JSON.stringify({ error }) });
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(UpstreamStreamError);
    expect((thrown as UpstreamStreamError).error).toEqual({
      message: error.message,
      type: 'server_error',
      code: null,
    });
    const usage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };
    expect(converter.event({ data: JSON.stringify({ id: 'c', usage }) })).toEqual([
      { id: 'c', usage, choices: [] },
    ]);
    expect(converter.usage()).toEqual(usage);
  });

  it('reads every error shape new-api knows', () => {
    const cases = JSON.parse(fixture('errors.json')) as {
      status: number;
      body: unknown;
      expected: unknown;
    }[];
    for (const c of cases) expect(openaiProvider.error(c.status, c.body)).toEqual(c.expected);
  });
});
