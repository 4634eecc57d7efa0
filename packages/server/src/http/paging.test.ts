import { SDK_ROUTES } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../testing/test-app.js';
import { MAX_PAGE, pageRequest } from './paging.js';

const HUGE_PAGES = ['9223372036854775808', '9223372036854775807', '1e308', String(Number.MAX_SAFE_INTEGER)];

describe('pageRequest', () => {
  it('keeps every offset a safe integer, however large the page asked for', () => {
    for (const p of HUGE_PAGES) {
      const req = pageRequest({ p, page_size: '100' });
      expect(req.page).toBe(MAX_PAGE);
      expect(Number.isSafeInteger(req.offset)).toBe(true);
    }
    expect(pageRequest({ p: '3', page_size: '20' })).toEqual({ page: 3, pageSize: 20, offset: 40 });
  });

  it('still refuses a page that is not an integer', () => {
    expect(() => pageRequest({ p: 'abc' })).toThrow();
    expect(() => pageRequest({ p: '1.5' })).toThrow();
  });
});

describe('every paginated list with a page past all rows', () => {
  let t: TestApp;
  let root: Caller;
  let user: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    root = await t.root();
    user = await t.userWithRole(1);
  });
  afterAll(() => t.close());

  const lists = SDK_ROUTES.filter((r) => r.paged && r.method === 'GET');

  it('answers an empty page, never a server error, for admins and for users on their own lists', async () => {
    expect(lists.length).toBeGreaterThanOrEqual(16);
    for (const route of lists) {
      const caller = route.auth === 'user' ? user : root;
      for (const p of HUGE_PAGES)
        for (const name of ['p', 'page']) {
          const url = `${route.path}?${name}=${p}&keyword=&key=sk-none`;
          const res = await t.call({ method: 'GET', url, headers: caller.headers });
          expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
          const data = res.json().data;
          if (res.statusCode === 200 && data && 'items' in data) expect(data.items, url).toEqual([]);
        }
    }
  });
});
