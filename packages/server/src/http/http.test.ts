import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../testing/test-app.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { expectRefusal } from '../testing/refusal.js';

describe('authentication and error handling', () => {
  let t: TestApp;
  let root: Caller;
  beforeAll(async () => {
    t = await createTestApp({ config: { bodyLimit: 2048 } });
    root = await t.root();
  });
  afterAll(() => t.close());

  it('requires New-Api-User matching the caller, with either credential', async () => {
    const missing = await t.call({
      method: 'GET',
      url: '/api/user/self',
      headers: { cookie: root.headers.cookie! },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ success: false, message: '无权进行此操作，未提供 New-Api-User' });
    const wrong = await t.call({
      method: 'GET',
      url: '/api/user/self',
      headers: { ...root.headers, 'new-api-user': '2' },
    });
    expect(wrong.statusCode).toBe(401);
    const none = await t.call({ method: 'GET', url: '/api/user/self', headers: { 'accept-language': 'en' } });
    expect(none.json()).toEqual({ success: false, message: 'not logged in and no access token provided' });
  });

  it('accepts an access token with or without Bearer, and rejects a bad one', async () => {
    const token = (await t.call({ method: 'GET', url: '/api/user/token', headers: root.headers })).json()
      .data;
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await t.call({
        method: 'GET',
        url: '/api/user/self',
        headers: { authorization, 'new-api-user': '1' },
      });
      expect(res.json()).toMatchObject({ success: true, data: { username: 'root' } });
    }
    const bad = await t.call({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: 'nope', 'new-api-user': '1' },
    });
    // new-api's auth middleware answers an unknown access token with HTTP 200 (contract §2.3).
    expect(expectRefusal(bad)).toBe('无权进行此操作，access token 无效');
  });

  it('answers malformed JSON, oversized bodies and unknown paths with clear messages, never a 500', async () => {
    const json = await t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username":',
    });
    expectRefusal(json);
    expect(json.json().success).toBe(false);
    expect(json.json().message).toMatch(/JSON/);
    const big = await t.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'x'.repeat(5000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().success).toBe(false);
    const unknown = await t.call({ method: 'GET', url: '/api/nothing?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: {
        message: 'Invalid URL (GET /api/nothing)',
        type: 'invalid_request_error',
        param: '',
        code: '',
      },
    });
  });

  it('tags every response with a request id', async () => {
    const res = await t.call({ method: 'GET', url: '/api/status' });
    expect(res.headers[REQUEST_ID_HEADER.toLowerCase()]).toMatch(/^\d{17}[\w-]{8}$/);
  });
});

describe('per-IP rate limits', () => {
  it('limits login harder than the rest of /api and answers 429 with the spec message', async () => {
    const t = await createTestApp({
      config: {
        criticalRateLimit: { enabled: true, count: 2, durationS: 60 },
        globalApiRateLimit: { enabled: true, count: 5, durationS: 60 },
      },
    });
    const login = () =>
      t.call({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'accept-language': 'en' },
        payload: { username: 'root', password: 'wrong-password' },
      });
    expect(expectRefusal(await login())).toBe('wrong username or password');
    expect(expectRefusal(await login())).toBe('wrong username or password');
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual({ success: false, message: 'too many requests, try later' });
    expect((await t.call({ method: 'GET', url: '/api/status' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/status' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/status' })).statusCode).toBe(429);
    await t.close();
  });
});
