import { describe, expect, it } from 'vitest';
import { AuthenticationError, ResponseValidationError, ValidationError } from '../src/core/errors.js';
import { Client } from '../src/client.js';
import { loginUser, user } from './fixtures/new-api.js';
import { clientWith, clientWithRoutes } from './helpers/client.js';
import { json, mockFetch, ok } from './helpers/mock-fetch.js';

const SESSION_COOKIE =
  'session=MTc0MTEzMjgwMHxEdi1CQkFFQ180SUFBUkFCRUFBQV9fLV98; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict';

/** A fake new-api: 401 without New-Api-User, login sets the cookie, self needs cookie and header. */
function fakeNewApi() {
  return clientWithRoutes(
    {
      'POST /api/user/login': () => json(ok(loginUser), 200, { 'set-cookie': SESSION_COOKIE }),
      'GET /api/user/self': (req: { headers: Headers }) => {
        if (!req.headers.get('cookie')?.startsWith('session=')) {
          return json({ success: false, message: '无权进行此操作，未登录且未提供 access token' }, 401);
        }
        if (req.headers.get('new-api-user') !== '7') {
          return json({ success: false, message: '无权进行此操作，未提供 New-Api-User' }, 401);
        }
        return json(ok(user));
      },
      'GET /api/user/logout': () => json(ok(), 200, { 'set-cookie': 'session=; Path=/; Max-Age=0' }),
    },
    { strictResponses: false },
  );
}

describe('session login', () => {
  it('remembers the user id and the session cookie after login, and forgets both at logout', async () => {
    const { client, calls } = fakeNewApi();
    await expect(client.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
    const session = await client.users.login({ username: 'alice', password: '12345678' });
    expect(session.id).toBe(7);
    expect(client.userId).toBe('7');
    await expect(client.users.self.get()).resolves.toMatchObject({ id: 7, quota: 4_500_000 });
    expect(calls.at(-1)?.headers.get('cookie')).toBe(
      'session=MTc0MTEzMjgwMHxEdi1CQkFFQ180SUFBUkFCRUFBQV9fLV98',
    );
    expect(calls.at(-1)?.headers.get('cache-control')).toBe('no-store');
    await client.users.logout();
    expect(client.userId).toBeUndefined();
    await expect(client.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('keeps a configured user id at logout when an access token is used', async () => {
    const { client } = clientWith(() => json(ok()), { accessToken: 'tok', userId: 3 });
    await client.users.logout();
    expect(client.userId).toBe('3');
  });
});

describe('parameter validation', () => {
  it('throws a translated ValidationError and sends nothing', async () => {
    const { client, calls } = clientWith(() => json(ok()), { lang: 'en' });
    const error = await client.users.login({ username: '', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe('please enter username and password');
    expect((error as ValidationError).issues[0]?.path).toEqual(['username']);
    const zh = await new Client({
      baseUrl: 'http://x.test',
      fetch: mockFetch(() => json(ok())).fetch,
    }).channels
      .create({ name: 'a', key: '', models: 'gpt-4o' })
      .catch((e: unknown) => e);
    expect((zh as ValidationError).message).toBe('请填写渠道名称和渠道密钥！');
    await expect(client.redemptions.create({ name: 'x', count: 101 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(client.channels.get(0)).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(0);
  });
});

describe('tolerant response parsing', () => {
  it('accepts unknown keys and returns the raw value on a mismatch, unless strict', async () => {
    const odd = { ...user, id: 'seven', brand_new_field: true };
    const tolerant = clientWith(() => json(ok(odd)), { strictResponses: false });
    await expect(tolerant.client.users.self.get()).resolves.toEqual(odd);
    const extra = clientWith(() => json(ok({ ...user, brand_new_field: true })));
    await expect(extra.client.users.self.get()).resolves.toMatchObject({ id: 7 });
    const strict = clientWith(() => json(ok(odd)));
    await expect(strict.client.users.self.get()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
