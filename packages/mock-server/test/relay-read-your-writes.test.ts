import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 11 });
});
afterAll(() => mock.close());

describe('management reads after relay requests', () => {
  // However the path is spelt: the router takes `//api` and `/%61pi` to the same routes.
  it.each(['/api', '//api', '/%61pi'])(
    'see the balance and log of a request answered a moment ago, though its write is still buffered (%s)',
    async (api) => {
      const alice = mock.credentials.users.alice;
      const login = await fetch(`${mock.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: alice.username, password: alice.password }),
      });
      const headers = {
        cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        'new-api-user': String(alice.id),
      };
      const self = async () =>
        (
          (await (await fetch(`${mock.url}${api}/user/self`, { headers })).json()) as {
            data: { quota: number };
          }
        ).data.quota;
      const before = await self();
      const client = new OpenAI({
        apiKey: mock.credentials.apiKey,
        baseURL: `${mock.url}/v1`,
        maxRetries: 0,
      });
      const answer = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'read your writes' }],
      });
      // No ctx.flush() here: the /api request itself must write what the relay buffered.
      const logs = (await (
        await fetch(`${mock.url}${api}/log/self?p=1&page_size=5&type=2`, { headers })
      ).json()) as { data: { items: { quota: number; prompt_tokens: number }[] } };
      const newest = logs.data.items[0]!;
      expect(newest.prompt_tokens).toBe(answer.usage!.prompt_tokens);
      expect(await self()).toBe(before - newest.quota);
      expect(newest.quota).toBeGreaterThan(0);
    },
  );
});
