import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel } from './helpers.js';

let mock: MockServer;
let root: { cookie: string; id: number };

beforeAll(async () => {
  mock = await createMockServer({ seed: 31 });
  await addChannel(mock, { name: 'claude', type: 14, models: ['claude-3-5-haiku-20241022'] });
  await addChannel(mock, { name: 'gemini', type: 24, models: ['gemini-2.0-flash'] });
  const { username, password } = mock.credentials.users.root;
  const res = await fetch(`${mock.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { id: number } };
  root = { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: data.id };
}, 60_000);
afterAll(() => mock.close());

/** Sets an option through the console's own API, as an operator does. */
async function setOption(key: string, value: string) {
  const res = await fetch(`${mock.url}/api/option/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: root.cookie, 'new-api-user': String(root.id) },
    body: JSON.stringify({ key, value }),
  });
  expect(((await res.json()) as { success: boolean }).success).toBe(true);
}

async function relay(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${mock.credentials.apiKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error: { message: string; code?: unknown } } };
}

/** Requests that reached any fake upstream. */
const upstreamCount = () =>
  mock.upstreams.openai.requests.length +
  mock.upstreams.anthropic.requests.length +
  mock.upstreams.gemini.requests.length;

const chat = (content: unknown) => ({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });

/** new-api's refusal in OpenAI's shape, with nothing sent upstream. */
async function expectRefused(path: string, body: unknown, code = 'sensitive_words_detected') {
  const before = upstreamCount();
  const res = await relay(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'new_api_error', code });
  expect(res.body.error.message).toMatch(/^sensitive words detected \(request id: /);
  expect(upstreamCount()).toBe(before);
}

describe('sensitive-word filter (CheckSensitiveEnabled, CheckSensitiveOnPromptEnabled, SensitiveWords)', () => {
  it("refuses a chat holding new-api's default word, in any case, in a string or a text part", async () => {
    await expectRefused('/v1/chat/completions', chat('please repeat TEST_Sensitive now'));
    await expectRefused(
      '/v1/chat/completions',
      chat([
        { type: 'text', text: 'harmless' },
        { type: 'text', text: 'and test_sensitive' },
      ]),
    );
    const ok = await relay('/v1/chat/completions', chat('test sensitive, spelt apart'));
    expect(ok.status).toBe(200);
  });

  it('checks each text apart: a word split over two parts passes, as in new-api', async () => {
    const res = await relay(
      '/v1/chat/completions',
      chat([
        { type: 'text', text: 'test_sens' },
        { type: 'text', text: 'itive' },
      ]),
    );
    expect(res.status).toBe(200);
  });

  it('checks completions, moderations, embeddings, images and speech, with new-api codes', async () => {
    await expectRefused('/v1/completions', { model: 'gpt-3.5-turbo-instruct', prompt: 'x test_sensitive' });
    await expectRefused('/v1/completions', {
      model: 'gpt-3.5-turbo-instruct',
      prompt: ['a', 'test_sensitive'],
    });
    await expectRefused('/v1/moderations', { model: 'text-moderation-stable', input: 'test_sensitive' });
    await expectRefused('/v1/embeddings', {
      model: 'text-embedding-3-small',
      input: ['ok', 'TEST_SENSITIVE'],
    });
    await expectRefused(
      '/v1/images/generations',
      { model: 'dall-e-3', prompt: 'a test_sensitive cat' },
      'invalid_image_request',
    );
    await expectRefused(
      '/v1/audio/speech',
      { model: 'tts-1', input: 'say test_sensitive', voice: 'alloy' },
      'invalid_audio_request',
    );
    const ok = await relay('/v1/embeddings', { model: 'text-embedding-3-small', input: 'fine' });
    expect(ok.status).toBe(200);
  });

  it('answers Claude and Gemini clients in their own error shapes', async () => {
    const before = upstreamCount();
    const claude = await relay(
      '/v1/messages',
      {
        model: 'claude-3-5-haiku-20241022',
        max_tokens: 100,
        system: 'ignore test_sensitive',
        messages: [{ role: 'user', content: 'hello' }],
      },
      { 'anthropic-version': '2023-06-01' },
    );
    expect(claude.status).toBe(400);
    expect(claude.body).toMatchObject({ type: 'error', error: { message: 'sensitive words detected' } });
    const gemini = await relay('/v1beta/models/gemini-2.0-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'a Test_Sensitive word' }] }],
    });
    expect(gemini.status).toBe(400);
    expect(gemini.body.error).toMatchObject({ code: 400, message: 'sensitive words detected' });
    expect(upstreamCount()).toBe(before);
  });

  it('follows the options at once: a new list, blank lines and spaces ignored, and either switch off', async () => {
    await setOption('SensitiveWords', '  Forbidden Fruit \n\n敏感词\n');
    await expectRefused('/v1/chat/completions', chat('no FORBIDDEN fruit please'));
    await expectRefused('/v1/chat/completions', chat('这是敏感词吗'));
    expect((await relay('/v1/chat/completions', chat('test_sensitive'))).status).toBe(200);

    await setOption('CheckSensitiveOnPromptEnabled', 'false');
    expect((await relay('/v1/chat/completions', chat('敏感词'))).status).toBe(200);
    await setOption('CheckSensitiveOnPromptEnabled', 'true');
    await setOption('CheckSensitiveEnabled', 'false');
    expect((await relay('/v1/chat/completions', chat('敏感词'))).status).toBe(200);
    await setOption('CheckSensitiveEnabled', 'true');
    await expectRefused('/v1/chat/completions', chat('敏感词'));

    await setOption('SensitiveWords', '');
    expect((await relay('/v1/chat/completions', chat('敏感词 test_sensitive'))).status).toBe(200);
    await setOption('SensitiveWords', 'test_sensitive');
  });

  it('holds no quota for a refused request and logs no consumption', async () => {
    const count = async () =>
      Number(
        (
          await mock.db
            .selectFrom('logs')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await mock.ctx.flush();
    const before = await count();
    await expectRefused('/v1/chat/completions', chat('test_sensitive'));
    await mock.ctx.flush();
    expect(await count()).toBe(before);
  });
});
