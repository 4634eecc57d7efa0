import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { anthropicProvider, claudeClientFormat } from '../providers/anthropic/index.js';
import { geminiClientFormat, geminiProvider } from '../providers/gemini/index.js';
import type { ChatProvider, ClientFormat } from '../providers/types.js';
import { finishStream, relayStream, type StreamOutcome } from './respond-stream.js';
import type { UpstreamResponse } from '../upstream/upstream.js';

const fixture = (path: string) => readFileSync(new URL(`../providers/${path}`, import.meta.url), 'utf8');

/** An upstream body delivering `text` in small pieces, then failing with `error` if given. */
async function* pieces(text: string, error?: Error): AsyncGenerator<Buffer> {
  for (let i = 0; i < text.length; i += 37) yield Buffer.from(text.slice(i, i + 37));
  if (error) throw error;
}

/**
 * Serves one same-format pass-through stream on loopback HTTP, as the chat pipeline does, and returns what the
 * client read and what the relay made of it.
 */
async function relayOnce(
  provider: ChatProvider,
  format: ClientFormat,
  body: AsyncIterable<Buffer>,
): Promise<{ text: string; outcome: StreamOutcome }> {
  let outcome: StreamOutcome | undefined;
  const server = createServer((_req, res) => {
    const target = {
      res,
      encoder: undefined,
      requestedModel: 'requested-model',
      clientWantsUsage: false,
      passThrough: false,
      native: format.native!,
      startedAt: performance.now(),
    };
    void relayStream(
      { body } as unknown as UpstreamResponse,
      provider,
      'upstream-model',
      target,
      new AbortController().signal,
    ).then((o) => {
      outcome = o;
      finishStream(target, o, o.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, 'x');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    return { text: await res.text(), outcome: outcome! };
  } finally {
    server.close();
  }
}

describe('same-format pass-through streams', () => {
  it("forwards Claude's events as they came, renaming only the model, and reads cache usage", async () => {
    const sse = fixture('anthropic/__fixtures__/stream-thinking.sse');
    const { text, outcome } = await relayOnce(anthropicProvider, claudeClientFormat, pieces(sse));
    expect(text).toBe(sse.replace('"model":"claude-3-7-sonnet-20250219"', '"model":"requested-model"'));
    expect(outcome.usage).toEqual({
      prompt_tokens: 150,
      completion_tokens: 30,
      total_tokens: 180,
      prompt_tokens_details: { cached_tokens: 100, cache_creation_tokens: 10 },
    });
    expect(outcome.text).toBe('Let me add 2 and 2.4');
    expect(outcome.frtMs).toBeGreaterThanOrEqual(0);
  });

  it("forwards Claude's own error event once, adding nothing after it", async () => {
    const sse = fixture('anthropic/__fixtures__/stream-error.sse');
    const { text, outcome } = await relayOnce(anthropicProvider, claudeClientFormat, pieces(sse));
    expect(outcome).toMatchObject({ error: 'Overloaded', errorForwarded: true });
    expect(text.match(/^event: error$/gm)).toHaveLength(1);
    expect(text).toContain(
      'data: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}',
    );
  });

  it('ends a cut connection with an error event in the client format', async () => {
    const sse = fixture('anthropic/__fixtures__/stream-text.sse').split('event: message_delta')[0]!;
    const claude = await relayOnce(
      anthropicProvider,
      claudeClientFormat,
      pieces(sse, new Error('socket hang up')),
    );
    expect(
      claude.text.endsWith(
        'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"socket hang up"}}\n\n',
      ),
    ).toBe(true);
    const gemini = await relayOnce(geminiProvider, geminiClientFormat, pieces('', new Error('reset')));
    expect(gemini.text).toBe('data: {"error":{"code":500,"message":"reset","status":"INTERNAL"}}\n\n');
  });
});
