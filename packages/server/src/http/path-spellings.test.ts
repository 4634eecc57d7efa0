// The router answers many spellings of a path (`//`, `%61`, a trailing slash, absolute-form targets). Every
// check that goes by path must see each of them as the route it reaches: here, over real HTTP with the request
// target sent byte for byte, every spelling of login, register and a relay route is either not routed at all
// (404, or 400 for a malformed one) or answered exactly as the canonical path is, limits included.
import { randomSuffix } from '@switchboard/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { insertReturningId } from '../db/insert-id.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { listen, send } from '../testing/raw-http.js';

const hex = (text: string, upper = false) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`[upper ? 'toUpperCase' : 'toLowerCase']()).join('');

/** A path's first segment, the segments between, and its last. */
function parts(path: string): { first: string; middle: string[]; last: string } {
  const segments = path.slice(1).split('/');
  return { first: segments[0]!, middle: segments.slice(1, -1), last: segments.at(-1)! };
}

const join = (...segments: (string | string[])[]) => `/${segments.flat().join('/')}`;

/** Spellings the router takes to the same route as `path`. */
function routedSpellings(path: string): string[] {
  const { first, middle, last } = parts(path);
  return [
    `/${path}`,
    join(first, '', middle, last),
    join(first, middle, '', last),
    `${path}/`,
    `${path}//`,
    join(`%${first.charCodeAt(0).toString(16)}${first.slice(1)}`, middle, last),
    join(hex(first, true), middle, hex(last)),
    `/${join(hex(first), '', middle, hex(last, true))}/`,
    `http://localhost${path}`,
    `HTTPS://localhost:1${path}`,
    `${path}?x=1`,
    `${path}#fragment`,
  ];
}

/** Spellings that must not reach the route: other case, `;`, `%2F`, dot segments, double encoding, garbage. */
function otherSpellings(path: string): string[] {
  const { first, middle, last } = parts(path);
  return [
    path.toUpperCase(),
    join(`${first[0]!.toUpperCase()}${first.slice(1)}`, middle, last),
    `${path};jsessionid=1`,
    join(`${first};x`, middle, last),
    `/${[first, ...middle, last].join('%2F')}`,
    `/${[first, ...middle].join('/')}%2f${last}`,
    `${path}%2F`,
    join(`%2F${first}`, middle, last),
    join(first, '.', middle, last),
    join('.', first, middle, last),
    join(first, '..', first, middle, last),
    join(first, '%2e%2e', first, middle, last),
    `${path}/.`,
    join(`%25${first.charCodeAt(0).toString(16)}${first.slice(1)}`, middle, last),
    `${path}%00`,
    `${path}%20`,
    `${path}%`,
    join(`%zz${first.slice(1)}`, middle, last),
    `/${[first, ...middle, last].join('\\')}`,
    `ftp://localhost${path}`,
    `//localhost${path}`,
  ];
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(criticalCount: number): Promise<number> {
  t = await createTestApp({
    config: { criticalRateLimit: { enabled: true, count: criticalCount, durationS: 600 } },
  });
  return listen(t.app);
}

const credentials = (password: string) => ({ username: 'root', password });
const en = { 'accept-language': 'en' };

describe('every spelling of a path', () => {
  it('reaches login only as login: a wrong password is HTTP 200 {success:false} as new-api answers', async () => {
    const port = await start(100_000);
    for (const target of routedSpellings('/api/user/login')) {
      const res = await send(port, { method: 'POST', target, headers: en, json: credentials('wrong') });
      expect({ target, status: res.status, body: res.json() }).toEqual({
        target,
        status: 200,
        body: { success: false, message: 'wrong username or password' },
      });
    }
    for (const target of otherSpellings('/api/user/login')) {
      const res = await send(port, { method: 'POST', target, headers: en, json: credentials('wrong') });
      expect([400, 404], `${target}: ${res.status} ${res.text}`).toContain(res.status);
    }
  });

  it('counts against the critical limit: once it is used up, no spelling logs in or registers', async () => {
    const port = await start(2);
    for (let i = 0; i < 2; i++) {
      await send(port, { method: 'POST', target: '/api/user/login', json: credentials('wrong') });
    }
    for (const path of ['/api/user/login', '/api/user/register']) {
      for (const target of [path, ...routedSpellings(path)]) {
        const res = await send(port, { method: 'POST', target, json: credentials('123456') });
        expect({ target, status: res.status }).toEqual({ target, status: 429 });
      }
      for (const target of otherSpellings(path)) {
        const res = await send(port, { method: 'POST', target, json: credentials('123456') });
        expect([400, 404, 429], `${target}: ${res.status} ${res.text}`).toContain(res.status);
      }
    }
  });

  it('keeps /api query tolerance: a non-numeric filter means "not given" on //api as on /api', async () => {
    const port = await start(100_000);
    const root = await t!.root();
    for (const target of [
      '/api/log/self?end_timestamp=NaN',
      '//api/log/self?end_timestamp=NaN',
      '/%61pi/log/self/?end_timestamp=NaN',
    ]) {
      const res = await send(port, { target, headers: root.headers });
      expect({ target, status: res.status, success: res.json().success }).toEqual({
        target,
        status: 200,
        success: true,
      });
    }
  });

  it('drops the relay cache after a write on any spelling: a token disabled via //api/token/ is refused at once', async () => {
    const port = await start(100_000);
    const root = await t!.root();
    for (const [i, target] of ['//api/token/?status_only=true', '/%61pi/token/?status_only=true'].entries()) {
      const key = randomSuffix(48);
      const id = await insertReturningId(t!.ctx.db, 'tokens', {
        user_id: root.id,
        key,
        name: `k${i}`,
        unlimited_quota: 1,
      });
      const models = () =>
        send(port, { target: '/v1/models', headers: { authorization: `Bearer sk-${key}` } });
      expect((await models()).status).toBe(200);
      const disabled = await send(port, {
        method: 'PUT',
        target,
        headers: root.headers,
        json: { id, status: 2 },
      });
      expect(disabled.json().success, target).toBe(true);
      expect((await models()).status, target).toBe(401);
    }
  });

  it('reaches a relay route only with its key checked, answering in the route client format', async () => {
    const port = await start(100_000);
    const headers = { authorization: `Bearer sk-${randomSuffix(48)}` };
    const body = { model: 'claude-3-5-haiku', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
    for (const target of ['/v1/messages', ...routedSpellings('/v1/messages')]) {
      const res = await send(port, { method: 'POST', target, headers, json: body });
      expect({ target, status: res.status, type: res.json().type }).toEqual({
        target,
        status: 401,
        type: 'error',
      });
    }
    for (const target of ['/v1/chat/completions', ...routedSpellings('/v1/chat/completions')]) {
      const res = await send(port, { method: 'POST', target, headers, json: body });
      expect({ target, status: res.status }).toEqual({ target, status: 401 });
      expect(res.json().error.message, target).toMatch(/^无效的令牌/);
    }
    for (const target of [...otherSpellings('/v1/messages'), ...otherSpellings('/v1/chat/completions')]) {
      const res = await send(port, { method: 'POST', target, headers, json: body });
      expect([400, 404], `${target}: ${res.status} ${res.text}`).toContain(res.status);
    }
  });
});
