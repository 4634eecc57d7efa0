import { describe, expect, it } from 'vitest';
import { WordMatcher } from './word-matcher.js';

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

/** Where the first word ends, found the slow way: the answer the matcher must give. */
function firstEnd(words: string[], text: string): number {
  let best = Infinity;
  for (const w of words) {
    const at = text.indexOf(w);
    if (at >= 0) best = Math.min(best, at + w.length);
  }
  return best;
}

describe('WordMatcher', () => {
  it('finds words that overlap, nest and share prefixes or suffixes', () => {
    const m = new WordMatcher(['he', 'she', 'his', 'hers', '敏感', '感词']);
    expect(m.find('ushers')).toBe('she');
    expect(m.find('ahis')).toBe('his');
    expect(m.find('hxe')).toBeUndefined();
    expect(m.find('这是敏词感词')).toBe('感词');
    expect(m.find('')).toBeUndefined();
    expect(new WordMatcher([]).find('anything')).toBeUndefined();
  });

  it('ignores case on both sides', () => {
    const m = new WordMatcher(['Bad Word', 'ÉTÉ']);
    expect(m.find('a BAD word here')).toBe('Bad Word');
    expect(m.find('un été')).toBe('ÉTÉ');
    expect(m.find('bad-word')).toBeUndefined();
  });

  it('finds a word reached only through a failure link (a suffix of a longer partial match)', () => {
    const m = new WordMatcher(['abcd', 'bc']);
    expect(m.find('xabcx')).toBe('bc');
    expect(new WordMatcher(['aab']).find('aaab')).toBe('aab');
  });

  it('agrees with a naive search on random words and texts', () => {
    const rnd = prng(7);
    const letter = () => 'abc😀'[Math.floor(rnd() * 4)]!;
    for (let round = 0; round < 300; round++) {
      const words = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () =>
        Array.from({ length: 1 + Math.floor(rnd() * 4) }, letter).join(''),
      );
      const text = Array.from({ length: Math.floor(rnd() * 30) }, letter).join('');
      const m = new WordMatcher(words);
      const found = m.find(text);
      const end = firstEnd(words, text);
      if (end === Infinity) expect(found, `${words} in ${text}`).toBeUndefined();
      else {
        expect(found, `${words} in ${text}`).toBeDefined();
        // The word it names ends where the first match ends.
        expect(text.slice(end - found!.length, end)).toBe(found);
      }
    }
  });
});
