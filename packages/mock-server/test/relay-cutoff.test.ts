import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, setReplyScript, type MockServer } from '../src/index.js';
import { addChannel, lastConsumeLog } from './helpers.js';

/**
 * Streams that do not finish are billed for what was delivered (issue: cut-off Claude and Gemini streams were
 * billed one output token, or none), and every client format gets its own clean ending when the upstream stalls
 * or breaks. Replies are 400 words here, so a cut stream has delivered far more than one token.
 */
let mock: MockServer;
let openai: OpenAI;
let claude: Anthropic;
let gemini: GoogleGenAI;
const savedTimeout = process.env.STREAMING_TIMEOUT;

beforeAll(async () => {
  // One second of upstream silence ends a stream, so the stall tests stay short.
  process.env.STREAMING_TIMEOUT = '1';
  mock = await createMockServer({ seed: 41 });
  if (savedTimeout === undefined) delete process.env.STREAMING_TIMEOUT;
  else process.env.STREAMING_TIMEOUT = savedTimeout;
  // Channels of their own, above the seeded ones, so every request here meets the fake of its format.
  await addChannel(mock, { name: 'cut-claude', type: 14, models: [CLAUDE], priority: 1000 });
  await addChannel(mock, { name: 'cut-gemini', type: 24, models: [GEMINI], priority: 1000 });
  const apiKey = mock.credentials.apiKey;
  openai = new OpenAI({ apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  claude = new Anthropic({ apiKey, baseURL: mock.url, maxRetries: 0 });
  gemini = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: mock.url } });
});
afterAll(() => mock.close());
afterEach(() => setReplyScript({}));

const CLAUDE = 'claude-3-5-sonnet-20241022';
const GEMINI = 'gemini-1.5-flash';
const prompt = 'Tell me a long story';

/** Waits for the consume log of the request that ended last (settlement follows the disconnect). */
async function logAfter(previousId: number) {
  // The first count loads the tokenizers (megabytes of tables): allow for that on a busy machine.
  for (let i = 0; i < 600; i++) {
    const log = await lastConsumeLog(mock).catch(() => undefined);
    if (log && log.id > previousId) return log;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('no consume log');
}

const lastLogId = async () => (await lastConsumeLog(mock).catch(() => ({ id: 0 }))).id;

describe(
  'a stream the client closes before the end is billed for what it received',
  { timeout: 60_000 },
  () => {
    it('OpenAI client on a Claude channel: not the one token of message_start', async () => {
      setReplyScript({ words: 400, eventDelayMs: 3 });
      const before = await lastLogId();
      const controller = new AbortController();
      const stream = await openai.chat.completions.create(
        { model: CLAUDE, messages: [{ role: 'user', content: prompt }], stream: true },
        { signal: controller.signal },
      );
      let words = 0;
      try {
        for await (const chunk of stream) {
          if (chunk.choices[0]?.delta.content) words++;
          if (words === 120) controller.abort();
        }
      } catch {
        // The SDK ends the loop or throws on abort; either way the client is gone.
      }
      expect(words).toBe(120);
      const log = await logAfter(before);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(120);
      expect(log.completion_tokens).toBeLessThan(400 * 3);
    });

    it('Claude client on a Claude channel (pass-through)', async () => {
      setReplyScript({ words: 400, eventDelayMs: 3 });
      const before = await lastLogId();
      const stream = claude.messages.stream({
        model: CLAUDE,
        max_tokens: 4096,
        messages: [{ role: 'user', content: prompt }],
      });
      let words = 0;
      await expect(
        (async () => {
          for await (const ev of stream)
            if (ev.type === 'content_block_delta' && ++words === 150) stream.abort();
        })(),
      ).rejects.toThrow();
      const log = await logAfter(before);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(150);
    });

    it('Gemini client on a Gemini channel (pass-through): not zero', async () => {
      setReplyScript({ words: 400, eventDelayMs: 3 });
      const before = await lastLogId();
      const controller = new AbortController();
      const stream = await gemini.models.generateContentStream({
        model: GEMINI,
        contents: prompt,
        config: { abortSignal: controller.signal },
      });
      let chunks = 0;
      await expect(
        (async () => {
          for await (const chunk of stream) if (chunk.text && ++chunks === 100) controller.abort();
        })(),
      ).rejects.toThrow();
      const log = await logAfter(before);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(100);
      expect(log.prompt_tokens).toBeGreaterThan(0);
    });

    it('a finished stream bills the upstream final usage exactly', async () => {
      setReplyScript({ words: 60 });
      const before = await lastLogId();
      const final = await claude.messages
        .stream({ model: CLAUDE, max_tokens: 4096, messages: [{ role: 'user', content: prompt }] })
        .finalMessage();
      const log = await logAfter(before);
      expect(log.completion_tokens).toBe(final.usage.output_tokens);
      expect(final.usage.output_tokens).toBe(60);
    });
  },
);

describe('an upstream that stalls past STREAMING_TIMEOUT or breaks mid-stream', { timeout: 60_000 }, () => {
  const stall = { words: 300, fault: { after: 40, mode: 'stall' as const } };
  const drop = { words: 300, fault: { after: 40, mode: 'drop' as const } };

  it('Claude clients get an error event, never "stream ended without producing a Message"', async () => {
    for (const script of [stall, drop]) {
      setReplyScript(script);
      const before = await lastLogId();
      const stream = claude.messages.stream({
        model: CLAUDE,
        max_tokens: 4096,
        messages: [{ role: 'user', content: prompt }],
      });
      const error = await stream.finalMessage().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect(String(error)).not.toMatch(/without producing a Message/);
      const log = await logAfter(before);
      // 40 events: message_start, ping, block start, then deltas of one word each.
      expect(log.completion_tokens).toBeGreaterThanOrEqual(30);
    }
  });

  it('OpenAI clients on a Claude channel get an error, billed for the words delivered', async () => {
    for (const script of [stall, drop]) {
      setReplyScript(script);
      const before = await lastLogId();
      const stream = await openai.chat.completions.create({
        model: CLAUDE,
        messages: [{ role: 'user', content: prompt }],
        stream: true,
      });
      let words = 0;
      await expect(
        (async () => {
          for await (const chunk of stream) if (chunk.choices[0]?.delta.content) words++;
        })(),
      ).rejects.toBeInstanceOf(OpenAI.APIError);
      const log = await logAfter(before);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(words);
      expect(words).toBeGreaterThanOrEqual(30);
    }
  });

  it("OpenAI clients on an OpenAI channel get the upstream's own in-stream error, billed for what came", async () => {
    const message = 'The server had an error while processing your request.';
    const event = `data: ${JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } })}\n\n`;
    setReplyScript({ words: 300, fault: { after: 40, mode: 'error', event } });
    const before = await lastLogId();
    const stream = await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: prompt }],
      stream: true,
    });
    let words = 0;
    const error = await (async () => {
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) words++;
    })().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain(message);
    const log = await logAfter(before);
    expect(words).toBeGreaterThanOrEqual(30);
    expect(log.completion_tokens).toBeGreaterThanOrEqual(words);
  });

  it('Gemini clients get an error object, billed for the chunks delivered', async () => {
    for (const script of [stall, drop]) {
      setReplyScript(script);
      const before = await lastLogId();
      let chunks = 0;
      const run = async () => {
        const stream = await gemini.models.generateContentStream({ model: GEMINI, contents: prompt });
        for await (const chunk of stream) if (chunk.text) chunks++;
      };
      await expect(run()).rejects.toThrow();
      const log = await logAfter(before);
      expect(chunks).toBe(40);
      expect(log.completion_tokens).toBeGreaterThanOrEqual(40);
    }
  });
});
