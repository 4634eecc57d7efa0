import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/core/http.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  BusinessError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  SdkError,
  UnprocessableEntityError,
  messageOf,
  parseRetryAfter,
} from '../../src/core/errors.js';
import type { RouteDescriptor } from '../../src/core/route.js';
import { empty, json, mockFetch } from '../helpers/mock-fetch.js';

const getRoute: RouteDescriptor = { method: 'GET', path: '/api/user/self', summary: 'self', auth: 'user' };
const postRoute: RouteDescriptor = {
  method: 'POST',
  path: '/api/user/topup',
  summary: 'top up',
  auth: 'user',
};

function clientAnswering(response: () => Response) {
  const mock = mockFetch(response);
  return {
    http: new HttpClient({ baseUrl: 'http://api.test', fetch: mock.fetch, maxRetries: 0 }),
    calls: mock.calls,
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('error mapping', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ])('maps HTTP %i to its class with the server message and request id', async (status, Ctor) => {
    const { http } = clientAnswering(() => json({ success: false, message: `boom ${status}` }, status));
    const error = await failure(http.call(getRoute));
    expect(error).toBeInstanceOf(Ctor);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ status, message: `boom ${status}`, requestId: 'req-1' });
    expect((error as ApiError).body).toEqual({ success: false, message: `boom ${status}` });
  });

  it('maps an unlisted 4xx to the ApiError base class', async () => {
    const { http } = clientAnswering(() => json({ message: 'demo site' }, 405));
    const error = await failure(http.call(getRoute));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 405, message: 'demo site' });
  });

  it('raises BusinessError for HTTP 200 with success:false, keeping the Chinese message verbatim', async () => {
    const { http } = clientAnswering(() => json({ success: false, message: '无效的兑换码' }));
    const error = await failure(http.call(postRoute, { body: { key: 'x' } }));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ status: 200, message: '无效的兑换码', requestId: 'req-1' });
  });

  it('turns new-api’s 429 with an empty body into a RateLimitError with retryAfter', async () => {
    const { http } = clientAnswering(() => empty(429, { 'retry-after': '7' }));
    const error = await failure(http.call(getRoute));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(7);
    expect((error as RateLimitError).message).toBe('429 Too Many Requests');
    expect((error as RateLimitError).body).toBeUndefined();
  });

  it('uses the relay-style {error:{message}} body as the message', async () => {
    const body = {
      error: { message: 'Invalid URL (GET /api/nope)', type: 'invalid_request_error', code: '' },
    };
    const { http } = clientAnswering(() => json(body, 404));
    const error = await failure(http.call(getRoute));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('Invalid URL (GET /api/nope)');
  });

  it('reads X-Request-Id when X-Oneapi-Request-Id is absent', async () => {
    const { http } = clientAnswering(
      () => new Response('upstream exploded', { status: 502, headers: { 'x-request-id': 'proxy-9' } }),
    );
    const error = await failure(http.call(getRoute));
    expect(error).toMatchObject({ status: 502, message: 'upstream exploded', requestId: 'proxy-9' });
  });

  it('reports 401 from new-api when New-Api-User is missing', async () => {
    const { http } = clientAnswering(() =>
      json({ success: false, message: '无权进行此操作，未提供 New-Api-User' }, 401),
    );
    const error = await failure(http.call(getRoute));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toContain('New-Api-User');
  });
});

describe('error helpers', () => {
  it('extracts messages from every body shape', () => {
    expect(messageOf({ success: false, message: 'm' })).toBe('m');
    expect(messageOf({ error: { message: 'relay' } })).toBe('relay');
    expect(messageOf({ error: 'plain' })).toBe('plain');
    expect(messageOf('  text  ')).toBe('text');
    expect(messageOf('')).toBeUndefined();
    expect(messageOf(undefined)).toBeUndefined();
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-03-05T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Wed, 05 Mar 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
