import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  StreamError,
  UserAbortError,
  ValidationError,
} from '../../src/core/errors.js';
import type { ChatCompletionChunk } from '../../src/resources/playground.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/mock-fetch.js';

const chunk = (content: string, finish: string | null = null) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_741_132_800,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  });

/** An SSE response whose body arrives in the given pieces; it errors when `signal` aborts, like real fetch. */
function sseResponse(pieces: string[], signal?: AbortSignal | null, hold = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (!hold) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function cutEvery(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const params = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user' as const, content: 'hi' }],
  group: 'default',
};
const text = (chunks: ChatCompletionChunk[]) =>
  chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');

describe('playground chat stream', () => {
  it('sends a streaming chat request with the user id and yields parsed chunks until [DONE]', async () => {
    const body = `: ping\r\n\r\ndata: ${chunk('Hel')}\r\n\r\ndata: ${chunk('lo 世界')}\r\n\r\ndata: ${chunk('', 'stop')}\r\n\r\ndata: [DONE]\r\n\r\ndata: ${chunk('ignored')}\n\n`;
    for (const size of [1, 3, 7, 64]) {
      const { client, calls } = clientWith(() => sseResponse(cutEvery(body, size)), { userId: 7 });
      const chunks: ChatCompletionChunk[] = [];
      for await (const c of await client.playground.chat(params)) chunks.push(c);
      expect(text(chunks)).toBe('Hello 世界');
      expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/pg/chat/completions' });
      expect(calls[0]!.body).toMatchObject({ ...params, stream: true });
      expect(calls[0]!.headers.get('new-api-user')).toBe('7');
      expect(calls[0]!.headers.get('accept')).toBe('text/event-stream');
    }
  });

  it('decodes multi-byte characters split across network chunks', async () => {
    const bytes = new TextEncoder().encode(`data: ${chunk('日本')}\n\ndata: [DONE]\n\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
        controller.close();
      },
    });
    const { client } = clientWith(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const chunks: ChatCompletionChunk[] = [];
    for await (const c of await client.playground.chat(params)) chunks.push(c);
    expect(text(chunks)).toBe('日本');
  });

  it('throws StreamError with the server message when an event carries {error}', async () => {
    const error = {
      error: { message: 'upstream error: quota exhausted', type: 'upstream_error', code: 429 },
    };
    const { client } = clientWith(() =>
      sseResponse([`data: ${chunk('partial')}\n\n`, `data: ${JSON.stringify(error)}\n\n`]),
    );
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const c of await client.playground.chat(params)) seen.push(text([c]));
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StreamError);
    expect(failure).toMatchObject({ message: 'upstream error: quota exhausted', status: 200, body: error });
    expect(seen).toEqual(['partial']);
  });

  it('rejects with the per-status error and the JSON error body when the status is not 2xx', async () => {
    const unauthorized = clientWith(() =>
      json({ success: false, message: '无权进行此操作，未登录且未提供 access token' }, 401),
    );
    await expect(unauthorized.client.playground.chat(params)).rejects.toThrow(AuthenticationError);
    const badRequest = clientWith(() =>
      json({ error: { message: 'invalid model', type: 'new_api_error' } }, 400),
    );
    const error = await badRequest.client.playground.chat(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).message).toBe('invalid model');
    expect(badRequest.calls).toHaveLength(1);
  });

  it('ends quietly when the signal aborts mid-stream', async () => {
    const controller = new AbortController();
    // The body never closes by itself: only the abort reaching fetch's signal can end the loop.
    const { client } = clientWith((req) => sseResponse([`data: ${chunk('a')}\n\n`], req.signal, true));
    const seen: string[] = [];
    for await (const c of await client.playground.chat(params, { signal: controller.signal })) {
      seen.push(text([c]));
      controller.abort();
    }
    expect(seen).toEqual(['a']);
  });

  it('stops through stream.abort() too', async () => {
    const { client } = clientWith((req) =>
      sseResponse([`data: ${chunk('a')}\n\n`, `data: ${chunk('b')}\n\n`], req.signal, true),
    );
    const stream = await client.playground.chat(params);
    const seen: string[] = [];
    for await (const c of stream) {
      seen.push(text([c]));
      if (seen.length === 2) stream.abort();
    }
    expect(seen).toEqual(['a', 'b']);
  });

  it('rejects with UserAbortError when aborted before sending, and validates params', async () => {
    const { client, calls } = clientWith(() => sseResponse([]));
    await expect(client.playground.chat(params, { signal: AbortSignal.abort() })).rejects.toThrow(
      UserAbortError,
    );
    await expect(client.playground.chat({ ...params, messages: [] })).rejects.toThrow(ValidationError);
    expect(calls).toHaveLength(0);
  });
});
