import { randomSuffix } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { exposedGc } from '../billing/worker-heap.js';

// A full collection before each reading, so the heap numbers show what is retained, not garbage.
const gc = exposedGc();

async function heapMb(): Promise<number> {
  // Refusals are answered before the body is read, without ever yielding to the event loop; inject pushes each
  // body in setImmediate callbacks, which hold their requests until the loop has turned a few times.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function refused(authorization: string): Promise<void> {
  const res = await t.call({
    method: 'POST',
    url: '/v1/chat/completions',
    headers: { authorization },
    payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
  });
  if (res.statusCode !== 401 || !res.body.includes('无效的令牌')) {
    throw new Error(`expected 401 invalid token, got ${res.statusCode} ${res.body}`);
  }
}

describe('the relay under random keys', () => {
  it(
    'retains next to nothing for thousands of unknown and malformed keys',
    { timeout: 120_000 },
    async () => {
      // Warm-up: code paths compiled and the miss cache filled to its bound before the first reading.
      for (let i = 0; i < 300; i++) await refused(`Bearer sk-${randomSuffix(48)}`);
      const before = await heapMb();
      const long = randomSuffix(12_000);
      for (let i = 0; i < 1_200; i++) {
        await refused(`Bearer sk-${randomSuffix(48)}`);
        // 12 KB keys of the right alphabet (under Node's 16 KB header limit): a cache keeping them grows ~14 MB.
        await refused(`Bearer sk-${long.slice(0, 11_990)}${randomSuffix(10)}`);
        await refused(`Bearer sk-${randomSuffix(40)}:${i}`);
      }
      const grown = (await heapMb()) - before;
      expect(grown).toBeLessThan(5);
    },
  );
});
