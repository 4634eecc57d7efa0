import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel, optionSetter } from './helpers.js';

let mock: MockServer;
let setOption: (key: string, value: string) => Promise<void>;

const HAIKU = 'claude-3-5-haiku-20241022';
const SONNET = 'claude-3-7-sonnet-20250219';

beforeAll(async () => {
  mock = await createMockServer({ seed: 37 });
  await addChannel(mock, {
    name: 'claude',
    type: 14,
    models: [HAIKU, SONNET, `${SONNET}-thinking`, 'claude-alias'],
    mapping: { 'claude-alias': HAIKU },
  });
  await addChannel(mock, { name: 'gemini', type: 24, models: ['gemini-2.0-flash', 'gemini-1.0-pro'] });
  setOption = await optionSetter(mock);
}, 60_000);
afterAll(() => mock.close());

async function chat(body: Record<string, unknown>) {
  const res = await fetch(`${mock.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], ...body }),
  });
  const text = await res.text();
  return { status: res.status, body: (body.stream ? {} : JSON.parse(text)) as Record<string, unknown> };
}

const claudeSent = () => mock.upstreams.anthropic.requests.at(-1)!;
const geminiSent = () => mock.upstreams.gemini.requests.at(-1)!;
/** The Claude body the fake received, as far as these tests read it. */
interface ClaudeSent {
  model: string;
  max_tokens: number;
  temperature?: number;
  top_p?: number;
  thinking: { type: string; budget_tokens: number };
  tools: { name: string }[];
}
const claudeBody = () => claudeSent().body as unknown as ClaudeSent;

describe('claude.* settings on the wire', () => {
  it("sends claude.default_max_tokens: the model's own, else its default (8192 until set)", async () => {
    expect((await chat({ model: HAIKU })).status).toBe(200);
    expect(claudeBody().max_tokens).toBe(8192);
    await setOption('claude.default_max_tokens', JSON.stringify({ default: 3000, [HAIKU]: 1234 }));
    await chat({ model: HAIKU });
    expect(claudeBody().max_tokens).toBe(1234);
    await chat({ model: SONNET });
    expect(claudeBody().max_tokens).toBe(3000);
    // A map without `default` keeps 8192 for the rest, as new-api puts it back.
    await setOption('claude.default_max_tokens', JSON.stringify({ [HAIKU]: 2222 }));
    await chat({ model: SONNET });
    expect(claudeBody().max_tokens).toBe(8192);
    await chat({ model: HAIKU, max_tokens: 50 });
    expect(claudeBody().max_tokens).toBe(50);
    await setOption('claude.default_max_tokens', JSON.stringify({ default: 8192 }));
  });

  it("writes claude.model_headers_settings for the model the client asked for, over the relay's own", async () => {
    await setOption(
      'claude.model_headers_settings',
      JSON.stringify({ 'claude-alias': { 'anthropic-beta': ['beta-a', 'beta-b'], 'X-Extra': ['1'] } }),
    );
    await chat({ model: 'claude-alias' });
    expect(claudeBody().model).toBe(HAIKU);
    expect(claudeSent().headers['anthropic-beta']).toBe('beta-a, beta-b');
    expect(claudeSent().headers['x-extra']).toBe('1');
    // Keyed by the requested name: the upstream name alone gets none.
    await chat({ model: HAIKU });
    expect(claudeSent().headers['x-extra']).toBeUndefined();
    await setOption('claude.model_headers_settings', '{}');
  });

  it('turns a -thinking model into thinking at claude.thinking_adapter_budget_tokens_percentage', async () => {
    await chat({ model: `${SONNET}-thinking`, max_tokens: 10000, temperature: 0.3, top_p: 0.5 });
    expect(claudeBody()).toMatchObject({
      model: SONNET,
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
    expect(claudeBody().top_p).toBeUndefined();
    expect(claudeBody().temperature).toBeUndefined();
    await setOption('claude.thinking_adapter_budget_tokens_percentage', '0.5');
    await chat({ model: `${SONNET}-thinking`, max_tokens: 10000 });
    expect(claudeBody().thinking).toEqual({ type: 'enabled', budget_tokens: 5000 });
    // A small max_tokens is raised to 1280, as new-api does, so the budget stays at Anthropic's 1024 or more.
    await chat({ model: `${SONNET}-thinking`, max_tokens: 100 });
    expect(claudeBody().max_tokens).toBeGreaterThan(claudeBody().thinking.budget_tokens);
    expect(claudeBody().thinking.budget_tokens).toBeGreaterThanOrEqual(1024);
    await setOption('claude.thinking_adapter_budget_tokens_percentage', '0.8');
  });

  it('sends a -thinking name as it is, without thinking, while claude.thinking_adapter_enabled is off', async () => {
    await setOption('claude.thinking_adapter_enabled', 'false');
    await chat({ model: `${SONNET}-thinking`, max_tokens: 2000, temperature: 0.3 });
    expect(claudeBody()).toMatchObject({ model: `${SONNET}-thinking`, max_tokens: 2000, temperature: 0.3 });
    expect(claudeBody().thinking).toBeUndefined();
    await chat({ model: SONNET, reasoning_effort: 'high' });
    expect(claudeBody().thinking).toBeUndefined();
    await setOption('claude.thinking_adapter_enabled', 'true');
    await chat({ model: SONNET, reasoning_effort: 'high' });
    expect(claudeBody().thinking).toMatchObject({ type: 'enabled' });
  });

  it("reads the settings on Claude clients' own bodies too (native pass-through)", async () => {
    await setOption('claude.model_headers_settings', JSON.stringify({ [HAIKU]: { 'x-extra': ['native'] } }));
    const res = await fetch(`${mock.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': mock.credentials.apiKey,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ model: HAIKU, max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    expect(claudeSent().headers['x-extra']).toBe('native');
    await setOption('claude.model_headers_settings', '{}');
  });
});

describe('Claude adapter: null means absent', () => {
  it('takes tool_choice: null, a tool without function, temperature: null and reasoning_effort: null', async () => {
    const res = await chat({
      model: HAIKU,
      temperature: null,
      top_p: null,
      reasoning_effort: null,
      tool_choice: null,
      tools: [
        { type: 'function', function: { name: 'find', parameters: { type: 'object', properties: {} } } },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = claudeBody();
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('thinking');
    expect(body).not.toHaveProperty('tool_choice');
    expect(body.tools).toHaveLength(1);
  });

  it('skips a tool that has no function instead of failing (Claude and Gemini channels)', async () => {
    const res = await chat({
      model: HAIKU,
      tools: [{ type: 'function' }, { type: 'function', function: { name: 'ok' } }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(claudeBody().tools.map((t: { name: string }) => t.name)).toEqual(['ok']);
    const gemini = await chat({
      model: 'gemini-2.0-flash',
      tool_choice: null,
      tools: [{ type: 'function' }, { type: 'function', function: { name: 'ok' } }],
    });
    expect(gemini.status, JSON.stringify(gemini.body)).toBe(200);
    const sent = geminiSent().body as { tools: { functionDeclarations: { name: string }[] }[] };
    expect(sent.tools[0]!.functionDeclarations.map((d) => d.name)).toEqual(['ok']);
  });
});

describe('gemini.* settings on the wire', () => {
  it("sends new-api's default thresholds: OFF, and BLOCK_NONE for civic integrity", async () => {
    expect((await chat({ model: 'gemini-2.0-flash' })).status).toBe(200);
    const sent = geminiSent().body as { safetySettings: { category: string; threshold: string }[] };
    expect(Object.fromEntries(sent.safetySettings.map((s) => [s.category, s.threshold]))).toEqual({
      HARM_CATEGORY_HARASSMENT: 'OFF',
      HARM_CATEGORY_HATE_SPEECH: 'OFF',
      HARM_CATEGORY_SEXUALLY_EXPLICIT: 'OFF',
      HARM_CATEGORY_DANGEROUS_CONTENT: 'OFF',
      HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE',
    });
  });

  it('sends gemini.safety_settings per category, laid over the defaults', async () => {
    await setOption(
      'gemini.safety_settings',
      JSON.stringify({ default: 'BLOCK_ONLY_HIGH', HARM_CATEGORY_HATE_SPEECH: 'BLOCK_LOW_AND_ABOVE' }),
    );
    await chat({ model: 'gemini-2.0-flash' });
    const sent = geminiSent().body as { safetySettings: { category: string; threshold: string }[] };
    expect(Object.fromEntries(sent.safetySettings.map((s) => [s.category, s.threshold]))).toEqual({
      HARM_CATEGORY_HARASSMENT: 'BLOCK_ONLY_HIGH',
      HARM_CATEGORY_HATE_SPEECH: 'BLOCK_LOW_AND_ABOVE',
      HARM_CATEGORY_SEXUALLY_EXPLICIT: 'BLOCK_ONLY_HIGH',
      HARM_CATEGORY_DANGEROUS_CONTENT: 'BLOCK_ONLY_HIGH',
      HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE',
    });
    await setOption(
      'gemini.safety_settings',
      '{"default":"OFF","HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE"}',
    );
  });

  it('picks the API version from gemini.version_settings (gemini-1.0-pro on v1 by default)', async () => {
    await chat({ model: 'gemini-2.0-flash' });
    expect(geminiSent().path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    await chat({ model: 'gemini-1.0-pro' });
    expect(geminiSent().path).toBe('/v1/models/gemini-1.0-pro:generateContent');
    await setOption('gemini.version_settings', JSON.stringify({ 'gemini-2.0-flash': 'v1' }));
    await chat({ model: 'gemini-2.0-flash', stream: true });
    expect(geminiSent().path).toBe('/v1/models/gemini-2.0-flash:streamGenerateContent');
    await setOption('gemini.version_settings', '{"default":"v1beta","gemini-1.0-pro":"v1"}');
  });
});
