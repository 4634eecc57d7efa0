import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@switchboard/server/testing';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel, lastConsumeLog } from './helpers.js';
import { startOtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';

let mock: MockServer;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let client: OpenAI;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // Read by the exporter when the server starts tracing.
  process.env.OTEL_EXPORTER_OTLP_HEADERS = 'x-collector-key=k-123';
  mock = await createMockServer({
    seed: 21,
    config: { tracing: { url: `${receiver.url}/v1/traces`, serviceName: 'switchboard-test' } },
  });
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_HEADERS;
  await mock.close();
  await receiver.close();
});

/** Sends the spans ended so far and waits for the receiver to have the request's. */
async function spansOf(requestId: string): Promise<{ root: ReceivedSpan; children: ReceivedSpan[] }> {
  await mock.ctx.tracing!.flush();
  const root = receiver.spans.find((s) => s.attributes['switchboard.request_id'] === requestId);
  if (!root) throw new Error(`no span for request ${requestId}`);
  return { root, children: receiver.spans.filter((s) => s.parentSpanId === root.spanId) };
}

describe('OpenTelemetry traces over OTLP/HTTP', () => {
  it('sends one span per relay request with the GenAI attributes, and one child per upstream attempt', async () => {
    const model = 'trace-model';
    const dead = await freePort();
    const broken = await addChannel(mock, {
      name: 'trace-dead',
      type: 1,
      models: [model],
      priority: 10,
      baseUrl: `http://127.0.0.1:${dead}`,
    });
    const good = await addChannel(mock, { name: 'trace-good', type: 1, models: [model], priority: 0 });
    await mock.ctx.options.set('RetryTimes', '1');
    const { data, response } = await client.chat.completions
      .create({ model, messages: [{ role: 'user', content: 'Trace me' }] })
      .withResponse();
    const requestId = response.headers.get('x-oneapi-request-id')!;
    expect(requestId).toMatch(/^\d{17}[\w-]{8}$/);
    const { root, children } = await spansOf(requestId);
    expect(root.name).toBe(`chat ${model}`);
    expect(root.kind).toBe(2); // server
    expect(root.resource['service.name']).toBe('switchboard-test');
    expect(root.headers['x-collector-key']).toBe('k-123');
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': model,
      'gen_ai.response.model': model,
      'gen_ai.usage.input_tokens': data.usage!.prompt_tokens,
      'gen_ai.usage.output_tokens': data.usage!.completion_tokens,
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
      'http.response.header.x-oneapi-request-id': [requestId],
      'switchboard.channel.id': good,
      'switchboard.outcome': 'success',
    });
    const log = await lastConsumeLog(mock);
    expect(log.prompt_tokens).toBe(root.attributes['gen_ai.usage.input_tokens']);
    expect(children).toHaveLength(2);
    const [first, second] = children.sort(
      (a, b) => Number(a.attributes['switchboard.attempt']) - Number(b.attributes['switchboard.attempt']),
    );
    for (const child of children) {
      expect(child.traceId).toBe(root.traceId);
      expect(child.kind).toBe(3); // client
      expect(child.attributes['gen_ai.system']).toBe('openai');
      expect(child.attributes['gen_ai.request.model']).toBe(model);
    }
    expect(first!.attributes).toMatchObject({ 'switchboard.channel.id': broken, 'error.type': 'transport' });
    expect(first!.status.code).toBe(2); // error
    expect(second!.attributes).toMatchObject({
      'switchboard.channel.id': good,
      'http.response.status_code': 200,
    });
    expect(second!.attributes['error.type']).toBeUndefined();
    await mock.ctx.options.set('RetryTimes', '0');
  });

  it('traces a stream, a refused key and the Fastify-served spellings alike', async () => {
    const stream = await client.chat.completions
      .create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Stream' }],
        stream: true,
        stream_options: { include_usage: true },
      })
      .withResponse();
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream.data) usage = chunk.usage ?? usage;
    const streamed = await spansOf(stream.response.headers.get('x-oneapi-request-id')!);
    expect(streamed.root.attributes).toMatchObject({
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.output_tokens': usage!.completion_tokens,
      'switchboard.outcome': 'success',
    });
    expect(Number(streamed.root.attributes['switchboard.ttft_ms'])).toBeGreaterThanOrEqual(0);
    expect(streamed.children).toHaveLength(1);

    const refused = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-nope' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const r = await spansOf(refused.headers.get('x-oneapi-request-id')!);
    expect(r.root.attributes).toMatchObject({
      'http.response.status_code': 401,
      'switchboard.outcome': 'rejected',
    });
    expect(r.root.status.code).toBe(2);
    expect(r.children).toHaveLength(0);

    // A trailing slash is served by Fastify's route, under the same route pattern.
    const slash = await fetch(`${mock.url}/v1/chat/completions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mock.credentials.apiKey}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(slash.status).toBe(200);
    const s = await spansOf(slash.headers.get('x-oneapi-request-id')!);
    expect(s.root.attributes).toMatchObject({
      'http.route': '/v1/chat/completions',
      'switchboard.outcome': 'success',
    });
    expect(s.children).toHaveLength(1);
  });

  it('loads no OpenTelemetry module when no endpoint is set', async () => {
    const plain = await createMockServer({ seed: 22 });
    try {
      expect(plain.ctx.tracing).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
