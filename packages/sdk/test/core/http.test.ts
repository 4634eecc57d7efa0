import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/core/http.js';
import { BusinessError, InternalServerError, RateLimitError } from '../../src/core/errors.js';
import type { RouteDescriptor } from '../../src/core/route.js';
import { empty, json, mockFetch, ok } from '../helpers/mock-fetch.js';

const route = (method: RouteDescriptor['method'], path: string, extra: Partial<RouteDescriptor> = {}) =>
  ({ method, path, summary: '', auth: 'user', ...extra }) as RouteDescriptor;

describe('envelope unwrapping', () => {
  it('resolves to data of {success, message, data}', async () => {
    const { fetch } = mockFetch(() => json(ok({ id: 1, name: 'a' })));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await expect(http.call(route('GET', '/api/token/:id'), { pathParams: { id: 1 } })).resolves.toEqual({
      id: 1,
      name: 'a',
    });
  });

  it('resolves to undefined when data is omitted or the body is empty (hard user delete)', async () => {
    const bodies = [json({ success: true, message: '' }), empty(200)];
    const { fetch } = mockFetch(() => bodies.shift()!);
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await expect(http.call(route('POST', '/api/token/'), { body: { name: 'a' } })).resolves.toBeUndefined();
    await expect(
      http.call(route('DELETE', '/api/user/:id'), { pathParams: { id: 3 } }),
    ).resolves.toBeUndefined();
  });

  it('keeps top-level fields for top-level envelopes', async () => {
    const { fetch } = mockFetch(() => json({ success: true, message: '', time: 1.5 }));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    const body = await http.call(route('GET', '/api/channel/test/:id', { envelope: 'top-level' }), {
      pathParams: { id: 2 },
    });
    expect(body).toEqual({ success: true, message: '', time: 1.5 });
  });

  it('turns the pay envelope’s message:error into a BusinessError carrying data', async () => {
    const { fetch } = mockFetch(() => json({ message: 'error', data: '充值数量不能小于 1' }));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    const call = http.call(route('POST', '/api/user/amount', { envelope: 'pay' }), { body: { amount: 0 } });
    await expect(call).rejects.toBeInstanceOf(BusinessError);
    await expect(call).rejects.toThrow('充值数量不能小于 1');
  });
});

describe('request headers and URL', () => {
  it('sends Authorization, New-Api-User, Cache-Control, Accept-Language and custom headers', async () => {
    const { fetch, calls } = mockFetch(() => json(ok([])));
    const http = new HttpClient({
      baseUrl: 'http://api.test/prefix/',
      fetch,
      accessToken: 'tok-123',
      userId: 42,
      lang: 'en',
      headers: { 'X-Extra': 'yes' },
    });
    await http.call(route('GET', '/api/channel/'), { query: { p: 0, keyword: undefined, id_sort: true } });
    const [call] = calls;
    expect(call?.url.href).toBe('http://api.test/prefix/api/channel/?p=0&id_sort=true');
    expect(call?.headers.get('authorization')).toBe('tok-123');
    expect(call?.headers.get('new-api-user')).toBe('42');
    expect(call?.headers.get('cache-control')).toBe('no-store');
    expect(call?.headers.get('accept-language')).toBe('en');
    expect(call?.headers.get('x-extra')).toBe('yes');
  });

  it('sends no auth headers when nothing is configured', async () => {
    const { fetch, calls } = mockFetch(() => json(ok({})));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await http.call(route('GET', '/api/status'));
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.has('new-api-user')).toBe(false);
    expect(calls[0]?.headers.has('cookie')).toBe(false);
  });

  it('keeps the session cookie in memory and sends it back until the session is cleared', async () => {
    const answers = [
      json(ok({ id: 1 }), 200, {
        'set-cookie': 'session=abc123; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict',
      }),
      json(ok({ id: 1 })),
    ];
    const { fetch, calls } = mockFetch(() => answers.shift() ?? json(ok()));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await http.call(route('POST', '/api/user/login'), { body: { username: 'a', password: 'b' } });
    await http.call(route('GET', '/api/user/self'));
    expect(calls[1]?.headers.get('cookie')).toBe('session=abc123');
    http.clearSession();
    await http.call(route('GET', '/api/user/self'));
    expect(calls[2]?.headers.has('cookie')).toBe(false);
  });
});

describe('retries', () => {
  it('retries a GET after a 503, waiting as long as Retry-After says', async () => {
    const answers = [empty(503, { 'retry-after': '1' }), json(ok('pong'))];
    const { fetch, calls } = mockFetch(() => answers.shift()!);
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    const started = Date.now();
    await expect(http.call(route('GET', '/api/status'))).resolves.toBe('pong');
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries 429 on GET up to maxRetries, then throws the last error', async () => {
    const { fetch, calls } = mockFetch(() => empty(429, { 'retry-after-ms': '5' }));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch, maxRetries: 3 });
    await expect(http.call(route('GET', '/api/log/'))).rejects.toBeInstanceOf(RateLimitError);
    expect(calls).toHaveLength(4);
  });

  it('never retries a POST or PUT', async () => {
    const { fetch, calls } = mockFetch(() => empty(503, { 'retry-after-ms': '1' }));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch, maxRetries: 5 });
    await expect(http.call(route('POST', '/api/user/topup'), { body: { key: 'k' } })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    await expect(http.call(route('PUT', '/api/channel/'), { body: { id: 1 } })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(calls).toHaveLength(2);
  });

  it('does not retry business errors or 4xx other than 408/409/425/429', async () => {
    const answers = [json({ success: false, message: 'no' }), json({ message: 'bad' }, 400)];
    const { fetch, calls } = mockFetch(() => answers.shift()!);
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await expect(http.call(route('GET', '/api/user/self'))).rejects.toBeInstanceOf(BusinessError);
    await expect(http.call(route('GET', '/api/user/self'))).rejects.toThrow('bad');
    expect(calls).toHaveLength(2);
  });

  it('honours a per-call maxRetries of 0', async () => {
    const { fetch, calls } = mockFetch(() => empty(500));
    const http = new HttpClient({ baseUrl: 'http://api.test', fetch });
    await expect(
      http.call(route('DELETE', '/api/channel/disabled'), { options: { maxRetries: 0 } }),
    ).rejects.toThrow(InternalServerError);
    expect(calls).toHaveLength(1);
  });
});
