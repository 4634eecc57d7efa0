import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../db/insert-id.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

const ROUNDS = 7;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.userWithRole(1, { username: 'known' });
  // An account made by a third-party sign-in has no password hash at all.
  await insertReturningId(t.ctx.db, 'users', { username: 'github_7', password: '', github_id: '7' });
});
afterAll(() => t.close());

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function loginTime(username: string): Promise<number> {
  const start = performance.now();
  const res = await t.call({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'accept-language': 'en' },
    payload: { username, password: 'not-the-password' },
  });
  const elapsed = performance.now() - start;
  expect(expectRefusal(res)).toBe('wrong username or password');
  return elapsed;
}

describe('POST /api/user/login timing', () => {
  it('an unknown name or a password-less account takes as long as a wrong password (one bcrypt each)', async () => {
    const times: Record<'known' | 'unknown' | 'passwordless', number[]> = {
      known: [],
      unknown: [],
      passwordless: [],
    };
    // Taking turns, so a burst of load on the machine hits all three alike; medians drop the outliers.
    for (let round = 0; round < ROUNDS; round++) {
      times.known.push(await loginTime('known'));
      times.unknown.push(await loginTime(`nobody${round}`));
      times.passwordless.push(await loginTime('github_7'));
    }
    const known = median(times.known);
    expect(median(times.unknown)).toBeGreaterThanOrEqual(0.5 * known);
    expect(median(times.passwordless)).toBeGreaterThanOrEqual(0.5 * known);
  });
});
