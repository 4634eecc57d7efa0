import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { lastConsumeLog } from './helpers.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 11 });
});
afterAll(() => mock.close());

const lastLog = () => lastConsumeLog(mock);

describe('any client format to any channel format', () => {
  it('serves the official Anthropic SDK from a Claude channel, plain and streaming', async () => {
    const claude = new Anthropic({ apiKey: mock.credentials.apiKey, baseURL: mock.url, maxRetries: 0 });
    const msg = await claude.messages.create({
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(msg.type).toBe('message');
    expect(msg.content[0]).toMatchObject({ type: 'text' });
    expect(msg.usage.output_tokens).toBeGreaterThan(0);
    expect(mock.upstreams.anthropic.requests.length).toBeGreaterThan(0);
    const stream = claude.messages.stream({
      model: 'claude-3-5-sonnet-20241022',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Stream' }],
    });
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text' });
    expect((await lastLog()).model_name).toBe('claude-3-5-sonnet-20241022');
  });

  it('serves an OpenAI client from Claude and Gemini channels', async () => {
    const openai = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    for (const model of ['claude-3-5-sonnet-20241022', 'gemini-2.0-flash']) {
      const res = await openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(res.choices[0]!.message.content).toBeTruthy();
      expect(res.usage!.total_tokens).toBeGreaterThan(0);
      let streamed = '';
      const stream = await openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? '';
      expect(streamed.length).toBeGreaterThan(0);
    }
  });

  it('serves a Claude client from an OpenAI channel, and a Gemini client', async () => {
    const claude = new Anthropic({ apiKey: mock.credentials.apiKey, baseURL: mock.url, maxRetries: 0 });
    const msg = await claude.messages.create({
      model: 'gpt-4o-mini',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(msg.content[0]).toMatchObject({ type: 'text' });
    const res = await fetch(`${mock.url}/v1beta/models/gemini-2.0-flash:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': mock.credentials.apiKey },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(body.candidates[0]!.content.parts[0]!.text).toBeTruthy();
  });
});
