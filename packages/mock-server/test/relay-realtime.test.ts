import type { RealtimeClientEvent } from 'openai/resources/beta/realtime/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, setReplyScript, type MockServer } from '../src/index.js';
import { startRealtimeUpstream, type RealtimeUpstream } from '../src/upstreams/openai-realtime.js';
import { addChannel } from './helpers.js';
import { account, books, closed, next, realtimeClient, until } from './realtime-kit.js';

/**
 * `GET /v1/realtime` through the gateway with OpenAI's own realtime client, to a fake OpenAI realtime server:
 * every response billed at its text and audio prices as it finishes, against a hold; a balance that runs out
 * ends the session with an error event; a side that drops closes the other and what was used is billed.
 */
let mock: MockServer;
let fake: RealtimeUpstream;
const MODEL = 'gpt-4o-realtime-preview';

beforeAll(async () => {
  mock = await createMockServer({ seed: 264 });
  fake = await startRealtimeUpstream();
  await addChannel(mock, { name: 'realtime', type: 1, models: [MODEL], baseUrl: fake.url });
  const ratios = JSON.parse(mock.ctx.options.get('ModelRatio')) as Record<string, number>;
  await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, [MODEL]: 2.5 }));
});
afterAll(async () => {
  await mock.close();
  await fake.close();
});
afterEach(() => {
  setReplyScript({});
  fake.reset();
});

/** new-api's calculateAudioQuota at gpt-4o-realtime-preview's prices: ratio 2.5, completion 4, audio 20 × 2. */
function expectedQuota(u: {
  input_token_details: { text_tokens: number; audio_tokens: number };
  output_token_details: { text_tokens: number; audio_tokens: number };
}): number {
  const tokens =
    u.input_token_details.text_tokens +
    Math.round(u.output_token_details.text_tokens * 4) +
    Math.round(u.input_token_details.audio_tokens * 20) +
    Math.round(u.output_token_details.audio_tokens * 20 * 2);
  return Math.round(tokens * 2.5);
}

const say = (text: string): RealtimeClientEvent => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
});

describe('realtime sessions', () => {
  it('bills each response.done at its text and audio prices as it comes', async () => {
    const who = await account(mock, 5_000_000);
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    rt.send(say('hello there my friend'));
    rt.send({ type: 'response.create' });
    const first = await next(rt, 'response.done');
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    let b = await books(mock, who.userId, who.tokenId);
    const usage1 = first.response.usage;
    expect(b.logs[0]).toMatchObject({
      quota: expectedQuota(usage1),
      prompt_tokens: usage1.input_tokens,
      completion_tokens: usage1.output_tokens,
      content: '模型倍率 2.50，补全倍率 4.00，音频倍率 20.00，音频补全倍率 2.00，分组倍率 1.00',
    });
    expect(JSON.parse(b.logs[0]!.other)).toMatchObject({
      ws: true,
      text_input: usage1.input_token_details.text_tokens,
      audio_output: usage1.output_token_details.audio_tokens,
      audio_ratio: 20,
      audio_completion_ratio: 2,
    });
    // The second response reads the first again: billed on its own, while the session is still open.
    rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(48_000).toString('base64') });
    rt.send({ type: 'input_audio_buffer.commit' });
    rt.send({ type: 'response.create', response: { modalities: ['text'] } });
    const second = await next(rt, 'response.done');
    expect(second.response.usage.input_token_details.audio_tokens).toBeGreaterThan(0);
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 2);
    b = await books(mock, who.userId, who.tokenId);
    expect(b.logs[1]!.quota).toBe(expectedQuota(second.response.usage));
    expect(b.user.quota + b.logged).toBe(5_000_000);
    const end = closed(rt);
    rt.close();
    await end;
    await until(async () => (await fake.sessions[0]!.closed) > 0);
    b = await books(mock, who.userId, who.tokenId);
    expect(b.logs).toHaveLength(2);
    expect(b.user.quota + b.logged).toBe(5_000_000);
  });

  it('ends a session whose balance runs out with an error event and 1008, never below zero', async () => {
    const who = await account(mock, 30_000);
    setReplyScript({ words: 400, eventDelayMs: 1 });
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    const error = next(rt, 'error');
    const end = closed(rt);
    rt.send(say('talk for a long time'));
    rt.send({ type: 'response.create' });
    expect((await error).error).toMatchObject({ type: 'new_api_error', code: 'insufficient_user_quota' });
    expect(await end).toEqual({ code: 1008, reason: 'insufficient_user_quota' });
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.user.quota).toBeGreaterThanOrEqual(0);
    expect(b.user.quota + b.logged).toBe(30_000);
    expect(b.logs[0]!.content).toContain('会话中断');
  });

  it('refuses to start a session on an empty balance, with an error event', async () => {
    const who = await account(mock, 0);
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    const error = next(rt, 'error');
    const end = closed(rt);
    expect((await error).error).toMatchObject({ code: 'insufficient_user_quota' });
    expect((await end).code).toBe(1008);
    expect(fake.sessions).toHaveLength(0);
  });

  it('checks the key again after each response: a token disabled meanwhile ends the session', async () => {
    const who = await account(mock, 5_000_000);
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    await mock.db.updateTable('tokens').set({ status: 2 }).where('id', '=', who.tokenId).execute();
    mock.ctx.events.emit('tokens', [who.tokenId]);
    const error = next(rt, 'error');
    const end = closed(rt);
    rt.send({ type: 'response.create', response: { modalities: ['text'] } });
    expect((await error).error).toMatchObject({ type: 'new_api_error' });
    expect((await end).code).toBe(1008);
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.user.quota + b.logged).toBe(5_000_000);
  });

  it("ends it on the token's own limit with the token's error", async () => {
    const who = await account(mock, 5_000_000, 20_000);
    setReplyScript({ words: 400, eventDelayMs: 1 });
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    const error = next(rt, 'error');
    const end = closed(rt);
    rt.send({ type: 'response.create' });
    expect((await error).error).toMatchObject({ code: 'pre_consume_token_quota_failed' });
    expect((await end).code).toBe(1008);
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.token.remain_quota).toBeGreaterThanOrEqual(0);
    expect(b.token.remain_quota + b.logged).toBe(20_000);
    expect(b.user.quota + b.logged).toBe(5_000_000);
  });

  it('closes the upstream when the client drops mid-response, and bills what was streamed', async () => {
    const who = await account(mock, 5_000_000);
    setReplyScript({ words: 200, eventDelayMs: 5 });
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    rt.send({ type: 'response.create' });
    await next(rt, 'response.audio.delta');
    rt.socket.terminate();
    expect(await until(() => fake.sessions.length === 1).then(() => fake.sessions[0]!.closed)).toBe(1000);
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.logs[0]!.quota).toBeGreaterThan(0);
    expect(b.logs[0]!.completion_tokens).toBeGreaterThan(0);
    expect(b.user.quota + b.logged).toBe(5_000_000);
  });

  it('closes the client with 1011 when the upstream drops, and bills what was streamed', async () => {
    const who = await account(mock, 5_000_000);
    setReplyScript({ words: 50, fault: { after: 10, mode: 'drop' } });
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    const end = closed(rt);
    rt.send({ type: 'response.create' });
    expect((await end).code).toBe(1011);
    await until(async () => (await books(mock, who.userId, who.tokenId)).logs.length === 1);
    const b = await books(mock, who.userId, who.tokenId);
    expect(b.logs[0]!.completion_tokens).toBeGreaterThan(0);
    expect(b.user.quota + b.logged).toBe(5_000_000);
  });

  it("answers malformed frames with OpenAI's error event and goes on", async () => {
    const who = await account(mock, 5_000_000);
    const rt = realtimeClient(mock, who.apiKey, MODEL);
    await next(rt, 'session.created');
    let error = next(rt, 'error');
    rt.socket.send('{not json');
    expect((await error).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_event' });
    error = next(rt, 'error');
    rt.socket.send(Buffer.from([1, 2, 3]));
    expect((await error).error.message).toContain('Binary');
    error = next(rt, 'error');
    rt.socket.send('[1, 2]');
    await error;
    rt.send(say('still here'));
    rt.send({ type: 'response.create', response: { modalities: ['text'] } });
    expect((await next(rt, 'response.done')).response.status).toBe('completed');
    expect(fake.sessions[0]!.events.map((e) => (e as { type: string }).type)).toEqual([
      'conversation.item.create',
      'response.create',
    ]);
    rt.close();
  });
});
