import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { parseSensitiveWords, sensitiveInInput, sensitiveMatcher } from './sensitive-words.js';
import { WordMatcher } from './word-matcher.js';

describe('the sensitive-word matcher of an option store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('is built once, and again only when the list changes (here or on another node)', async () => {
    const o = t.ctx.options;
    await o.set('SensitiveWords', 'alpha\nbeta');
    const first = sensitiveMatcher(o)!;
    expect(first.words).toEqual(['alpha', 'beta']);
    await o.set('Notice', 'something else');
    expect(sensitiveMatcher(o)).toBe(first);
    // Another node's write, seen here by reload: same text, same matcher; new text, a new one.
    await o.reload();
    expect(sensitiveMatcher(o)).toBe(first);
    await t.ctx.db
      .updateTable('options')
      .set({ value: 'gamma' })
      .where('key', '=', 'SensitiveWords')
      .execute();
    await o.reload();
    expect(sensitiveMatcher(o)!.words).toEqual(['gamma']);
  });

  it('is off while either switch is off, or the list is empty', async () => {
    const o = t.ctx.options;
    await o.set('SensitiveWords', 'alpha');
    await o.set('CheckSensitiveEnabled', 'false');
    expect(sensitiveMatcher(o)).toBeUndefined();
    await o.set('CheckSensitiveEnabled', 'true');
    await o.set('CheckSensitiveOnPromptEnabled', 'false');
    expect(sensitiveMatcher(o)).toBeUndefined();
    await o.set('CheckSensitiveOnPromptEnabled', 'true');
    await o.set('SensitiveWords', ' \n \n');
    expect(sensitiveMatcher(o)).toBeUndefined();
  });
});

describe('what new-api reads of SensitiveWords and of an input', () => {
  it('splits on lines, trims, drops blanks and lower-cases', () => {
    expect(parseSensitiveWords(' Foo Bar \r\n\n敏感词\n  ')).toEqual(['foo bar', '敏感词']);
  });

  it("checks a list input as Go's %v prints it", () => {
    const m = new WordMatcher(['a b', 'map[k:v]']);
    expect(sensitiveInInput(m, ['a', 'b'])).toBe('a b');
    expect(sensitiveInInput(m, [{ k: 'v' }])).toBe('map[k:v]');
    expect(sensitiveInInput(m, 'ab')).toBeUndefined();
    expect(sensitiveInInput(m, null)).toBeUndefined();
  });
});
