import { startOAuthProvider, type FakeOAuthProvider } from '@switchboard/mock-server/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { Browser } from '../oauth/oauth-test-kit.js';

let github: FakeOAuthProvider;
beforeAll(async () => {
  github = await startOAuthProvider({ flavour: 'github', clientId: 'gh', clientSecret: 'gh-secret' });
});
afterAll(() => github.close());

async function app(generateDefaultToken: boolean): Promise<TestApp> {
  const t = await createTestApp({
    config: { generateDefaultToken, providerUrls: { githubOAuth: github.url, githubApi: github.url } },
  });
  for (const [key, value] of Object.entries({
    GitHubClientId: 'gh',
    GitHubClientSecret: 'gh-secret',
    GitHubOAuthEnabled: 'true',
  }))
    await t.ctx.options.set(key, value);
  return t;
}

const tokensOf = (t: TestApp, username: string) =>
  t.ctx.db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.name', 'tokens.key', 'tokens.status', 'tokens.expired_time', 'tokens.remain_quota'])
    .select(['tokens.unlimited_quota', 'tokens.model_limits_enabled', 'tokens.group'])
    .where('users.username', '=', username)
    .execute();

async function signUpWithGitHub(t: TestApp, login: string): Promise<string> {
  const b = new Browser(t);
  const state = await b.state();
  github.signIn({ id: Math.floor(Math.random() * 1e9), login, name: login });
  const { code } = await github.approve(state);
  const body = (await b.get(`/api/oauth/github?code=${code}&state=${state}`)).json();
  expect(body.success).toBe(true);
  return body.data.username as string;
}

describe('GENERATE_DEFAULT_TOKEN', () => {
  it("gives every new account new-api's initial token, by password and by a sign-in provider", async () => {
    const t = await app(true);
    try {
      const res = await t.call({
        method: 'POST',
        url: '/api/user/register',
        payload: { username: 'alice', password: 'password123' },
      });
      expect(res.json()).toEqual({ success: true, message: '' });
      const [token, more] = await tokensOf(t, 'alice');
      expect(more).toBeUndefined();
      expect(token).toMatchObject({
        name: 'alice的初始令牌',
        status: 1,
        expired_time: -1,
        remain_quota: 500_000,
        group: '',
      });
      expect(Boolean(token!.unlimited_quota)).toBe(true);
      expect(Boolean(token!.model_limits_enabled)).toBe(false);
      expect(token!.key).toMatch(/^[0-9A-Za-z]{48}$/);
      // The owner sees it in the console's list.
      const alice = await t.login('alice', 'password123');
      const list = (await t.call({ method: 'GET', url: '/api/token/', headers: alice.headers })).json();
      expect(list.data.map((x: { name: string }) => x.name)).toEqual(['alice的初始令牌']);

      const username = await signUpWithGitHub(t, 'octo');
      expect((await tokensOf(t, username)).map((x) => x.name)).toEqual([`${username}的初始令牌`]);
    } finally {
      await t.close();
    }
  });

  it('makes none when unset, as new-api', async () => {
    const t = await app(false);
    try {
      await t.call({
        method: 'POST',
        url: '/api/user/register',
        payload: { username: 'bob', password: 'password123' },
      });
      expect(await tokensOf(t, 'bob')).toEqual([]);
      expect(await tokensOf(t, await signUpWithGitHub(t, 'cat'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
