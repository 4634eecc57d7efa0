import { expect } from 'vitest';
import { expectRefusal } from './refusal.js';
import type { Caller, TestApp } from './test-app.js';

/**
 * Generates `c`'s access token (`GET /api/user/token`) and answers headers that authenticate with it alone,
 * no cookie, checking first that they do.
 */
export async function accessTokenCaller(t: TestApp, c: Caller): Promise<Caller> {
  const res = await t.call({ method: 'GET', url: '/api/user/token', headers: c.headers });
  const token: string = res.json().data;
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  const headers = { authorization: `Bearer ${token}`, 'new-api-user': String(c.id), 'accept-language': 'en' };
  expect((await selfWith(t, headers)).json()).toMatchObject({ success: true, data: { id: c.id } });
  return { id: c.id, headers };
}

/** `GET /api/user/self` with these headers. */
export function selfWith(t: TestApp, headers: Record<string, string>) {
  return t.call({ method: 'GET', url: '/api/user/self', headers });
}

/**
 * Asserts that this access token no longer authenticates: new-api's answer to an unknown token, HTTP 200
 * "invalid access token" (contract §2.3).
 */
export async function expectTokenRevoked(t: TestApp, viaToken: Caller): Promise<void> {
  expect(expectRefusal(await selfWith(t, viaToken.headers))).toBe('invalid access token');
}
