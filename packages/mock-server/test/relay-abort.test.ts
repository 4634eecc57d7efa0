import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 9 });
});
afterAll(() => mock.close());

const consumeLogs = async () => {
  await mock.ctx.flush();
  return mock.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').execute();
};

describe('a stream cut off by the client', () => {
  it('aborts the upstream call and bills what was delivered, not nothing and not the estimate', async () => {
    const client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    const full = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const fullCompletion = full.usage!.completion_tokens;
    const before = (await consumeLogs()).length;
    mock.upstreams.openai.setChunkDelay(40);
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    try {
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) received++;
        if (received === 3) controller.abort();
      }
    } catch {
      // The SDK may end the loop or throw on abort; either way the client is gone.
    }
    expect(received).toBe(3);
    mock.upstreams.openai.setChunkDelay(0);
    // Settlement happens as the server notices the disconnect, after the delivered text is counted (the first
    // count builds the tokenizer on its worker thread: seconds on a busy machine).
    let logs = await consumeLogs();
    for (let i = 0; i < 1000 && logs.length === before; i++) {
      await new Promise((r) => setTimeout(r, 20));
      logs = await consumeLogs();
    }
    expect(logs.length).toBe(before + 1);
    const cut = logs[0]!;
    expect(cut.is_stream).toBeTruthy();
    expect(cut.completion_tokens).toBeGreaterThan(0);
    expect(cut.completion_tokens).toBeLessThan(fullCompletion);
    expect(cut.quota).toBeGreaterThan(0);
  }, 60_000);
});

describe('a plain answer abandoned by the client', () => {
  it('cancels the upstream call: nothing is billed or logged, and the key keeps working', async () => {
    const client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    const before = (await consumeLogs()).length;
    const balance = async () =>
      (
        await mock.db
          .selectFrom('users')
          .select('quota')
          .where('username', '=', 'alice')
          .executeTakeFirstOrThrow()
      ).quota;
    const start = await balance();
    mock.upstreams.openai.setLatency(600);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      client.chat.completions.create(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
        { signal: controller.signal },
      ),
    ).rejects.toThrow();
    // Past the moment the upstream would have answered: an uncancelled call would be settled and logged by now.
    await new Promise((r) => setTimeout(r, 900));
    mock.upstreams.openai.setLatency(0);
    expect((await consumeLogs()).length).toBe(before);
    expect(await balance()).toBe(start);
    const next = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(next.choices[0]?.message.content).toBeTruthy();
    expect((await consumeLogs()).length).toBe(before + 1);
  }, 30_000);
});
