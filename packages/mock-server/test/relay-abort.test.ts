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
