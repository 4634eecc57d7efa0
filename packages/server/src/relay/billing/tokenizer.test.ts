import { describe, expect, it } from 'vitest';
import { countTextTokens, countTokens, estimatePromptTokens } from './tokenizer.js';

describe('token counting on a worker thread', () => {
  it('keeps the event loop free while the encoder is built, then counts with the model family encoding', async () => {
    let ticks = 0;
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const [counts, o200k] = await Promise.all([
      countTokens(['hello world', '', '你好，世界'], 'gpt-3.5-turbo'),
      countTextTokens('hello world', 'gpt-4o'),
    ]);
    clearInterval(timer);
    expect(counts).toEqual([2, 0, 6]);
    expect(o200k).toBe(2);
    // Building an encoder takes seconds of CPU; on the main thread it would stop the timer for that long.
    expect(ticks).toBeGreaterThan(5);
    expect(worstGap).toBeLessThan(400);
  }, 60_000);

  it('estimates a prompt as new-api does: 3 per message, role, content, priming', async () => {
    const n = await estimatePromptTokens({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: 'hello world' }],
    });
    expect(n).toBe(3 + 3 + 1 + 2);
  }, 60_000);
});
