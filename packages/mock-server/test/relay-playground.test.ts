import { SseParser } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 19 });
});
afterAll(() => mock.close());

async function login(username: string, password: string) {
  const res = await fetch(`${mock.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { id: number } };
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: data.id };
}

describe('playground and other client formats', () => {
  it('streams the playground for a logged-in user, billed to the user only', async () => {
    const alice = mock.credentials.users.alice;
    const session = await login(alice.username, alice.password);
    const res = await fetch(`${mock.url}/pg/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'new-api-user': String(session.id),
      },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        group: 'default',
      }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = new SseParser().feed(await res.text());
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect(events.some((e) => e.data.includes('"content"'))).toBe(true);
    await mock.ctx.flush();
    const log = await mock.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: alice.id, token_name: 'playground-default', token_id: 0 });
  });

  it('refuses the playground without a session', async () => {
    const res = await fetch(`${mock.url}/pg/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(401);
  });

  it('streams to a Gemini client and honours self-use mode for unpriced models', async () => {
    const res = await fetch(
      `${mock.url}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&key=${mock.credentials.apiKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
      },
    );
    expect(res.status).toBe(200);
    const events = new SseParser().feed(await res.text());
    const last = JSON.parse(events.at(-1)!.data) as { usageMetadata?: { totalTokenCount: number } };
    expect(last.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    const ratios = JSON.parse(mock.ctx.options.get('ModelRatio')) as Record<string, number>;
    delete ratios['gemini-2.0-flash'];
    await mock.ctx.options.set('ModelRatio', JSON.stringify(ratios));
    const ask = () =>
      fetch(`${mock.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${mock.credentials.apiKey}` },
        body: JSON.stringify({ model: 'gemini-2.0-flash', messages: [{ role: 'user', content: 'hi' }] }),
      });
    expect((await ask()).status).toBe(400);
    await mock.ctx.options.set('SelfUseModeEnabled', 'true');
    expect((await ask()).status).toBe(200);
  });
});
