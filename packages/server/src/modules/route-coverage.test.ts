import { SDK_ROUTES } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Calls the SDK makes that later issues serve. Everything else the SDK can call must be a registered route.
 */
const LATER = [/^\/pg\//];

describe('route coverage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves every management call the SDK makes', () => {
    const missing = SDK_ROUTES.filter((r) => !LATER.some((re) => re.test(r.path)))
      // Routes ignore a trailing slash, as gin's redirects do for new-api clients.
      .filter(
        (r) => ![r.path, r.path.replace(/\/$/, '')].some((url) => t.app.hasRoute({ method: r.method, url })),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
