import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './json-body.js';

const nest = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonTooDeep', () => {
  it('counts nesting of arrays and objects, up to the bound and one past it', () => {
    expect(jsonTooDeep(nest(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nest(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('['.repeat(10_000) + ']'.repeat(10_000))).toBe(true);
    expect(jsonTooDeep(`[${'[1],'.repeat(5_000)}1]`)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(500), t: 'say \\"[[[[\\" ' + '{'.repeat(300), u: '\\\\' });
    expect(jsonTooDeep(text)).toBe(false);
    const tricky = JSON.stringify({ s: 'end\\\\' }).slice(0, -1) + `,"x":${nest(200)}}`;
    expect(jsonTooDeep(tricky)).toBe(true);
  });
});

describe('JSON bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: string) =>
    t.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });

  it('answers a body nested too deeply with a refusal in the route family’s shape', async () => {
    const res = await login(`{"username":${nest(5_000)}}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      message: 'the JSON body is nested too deeply (at most 128 levels)',
    });
  });

  it('still refuses prototype poisoning and parses ordinary bodies', async () => {
    expect((await login('{"__proto__":{"role":100},"username":"a","password":"b"}')).statusCode).toBe(200);
    const ok = await login(JSON.stringify({ username: 'nobody', password: 'wrong-password' }));
    expect(ok.statusCode).toBe(200);
  });
});
