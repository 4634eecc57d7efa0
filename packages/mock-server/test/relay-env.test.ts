import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { RELAY_ENV_DEFAULTS, type RelayEnv } from '@switchboard/server/testing';
import { createMockServer, type MockServer } from '../src/index.js';

/* new-api's relay variables (RELAY_TIMEOUT, FORCE_STREAM_OPTION) acting on real calls to a fake upstream. */

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function serve(relay: Partial<RelayEnv>) {
  mock = await createMockServer({ seed: 11, config: { relay: { ...RELAY_ENV_DEFAULTS, ...relay } } });
  const client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { mock, client };
}

const lastConsume = async (m: MockServer) => {
  await m.ctx.flush();
  return m.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirst();
};

async function waitForLog(m: MockServer, after: number | undefined) {
  for (let i = 0; i < 500; i++) {
    const log = await lastConsume(m);
    if (log && log.id !== after) return log;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no consume log');
}

const streamText = async (stream: AsyncIterable<OpenAI.ChatCompletionChunk>) => {
  let text = '';
  let usage: OpenAI.CompletionUsage | undefined | null;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    if (chunk.usage) usage = chunk.usage;
  }
  return { text, usage };
};

describe('FORCE_STREAM_OPTION', () => {
  it('asks OpenAI upstreams for the usage chunk by default', async () => {
    const { mock, client } = await serve({});
    const { text } = await streamText(
      await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    expect(text).not.toBe('');
    const sent = mock.upstreams.openai.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.stream_options).toEqual({ include_usage: true });
  });

  it("false: the client's stream_options go as they came, and the relay counts the answer itself", async () => {
    const { mock, client } = await serve({ forceStreamOption: false });
    const before = await lastConsume(mock);
    const { text, usage } = await streamText(
      await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    const sent = mock.upstreams.openai.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('stream_options');
    expect(usage).toBeUndefined();
    const log = await waitForLog(mock, before?.id);
    // No usage from the upstream: billed from the relay's own count of what was delivered.
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
    expect(text).not.toBe('');

    const withUsage = await streamText(
      await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(mock.upstreams.openai.requests.at(-1)!.body).toMatchObject({
      stream_options: { include_usage: true },
    });
    expect(withUsage.usage?.completion_tokens).toBeGreaterThan(0);
  });
});

describe('RELAY_TIMEOUT', () => {
  it('0 (the default) lets a slow answer finish', async () => {
    const { mock, client } = await serve({});
    mock.upstreams.openai.setLatency(1200);
    const res = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(res.choices[0]!.message.content).toBeTruthy();
  });

  it('ends a call that takes longer, and nothing is billed for an answer never received', async () => {
    const { mock, client } = await serve({ relayTimeoutS: 1 });
    const before = await lastConsume(mock);
    mock.upstreams.openai.setLatency(2500);
    const started = Date.now();
    const err = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    // One attempt per channel able to serve the model, each cut at 1 s.
    expect(Date.now() - started).toBeLessThan(2400 * mock.upstreams.openai.requests.length);
    expect((await lastConsume(mock))?.id).toBe(before?.id);
    mock.upstreams.openai.setLatency(0);
  });

  it('counts the streamed body too: a stream still running is cut and billed for what was delivered', async () => {
    const { mock, client } = await serve({ relayTimeoutS: 1 });
    const before = await lastConsume(mock);
    const full = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    mock.upstreams.openai.setChunkDelay(150);
    const started = Date.now();
    let text = '';
    try {
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    } catch {
      // The cut stream may end with an error event, which the SDK throws.
    }
    mock.upstreams.openai.setChunkDelay(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(full.choices[0]!.message.content!.length);
    const log = await waitForLog(mock, before?.id);
    expect(log.is_stream).toBeTruthy();
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeLessThan(full.usage!.completion_tokens);
  }, 20_000);
});
