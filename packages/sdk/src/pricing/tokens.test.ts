import { describe, expect, it } from 'vitest';

import { batchTokenNames, randomSuffix, type RandomBytes } from './tokens.js';

/** Replays the given bytes in order, cycling. */
function replay(bytes: number[]): RandomBytes {
  let i = 0;
  return (buffer) => {
    for (let j = 0; j < buffer.length; j++) buffer[j] = bytes[i++ % bytes.length] ?? 0;
    return buffer;
  };
}

describe('batchTokenNames', () => {
  it('keeps the first name and suffixes the others with a dash and 6 letters or digits', () => {
    const names = batchTokenNames('ci', 3, replay([0, 1, 2, 3, 4, 5, 26, 27, 52, 53, 60, 61]));
    // bytes index into A-Z a-z 0-9: 0..5 → ABCDEF; 26, 27, 52, 53, 60, 61 → ab0189
    expect(names).toEqual(['ci', 'ci-ABCDEF', 'ci-ab0189']);
  });

  it('uses Web Crypto by default', () => {
    const names = batchTokenNames('name', 50);
    expect(names[0]).toBe('name');
    for (const name of names.slice(1)) expect(name).toMatch(/^name-[A-Za-z0-9]{6}$/);
    expect(new Set(names).size).toBe(50);
  });

  it('returns just the name for a count of 1', () => {
    expect(batchTokenNames('solo', 1)).toEqual(['solo']);
  });

  it('rejects counts that are not positive integers', () => {
    expect(() => batchTokenNames('x', 0)).toThrow(RangeError);
    expect(() => batchTokenNames('x', -2)).toThrow(RangeError);
    expect(() => batchTokenNames('x', 1.5)).toThrow(RangeError);
  });
});

describe('randomSuffix', () => {
  it('skips bytes 248-255 so no character is favoured', () => {
    // 248 = 4 × 62; without rejection 248 would map to 'A' and make A-H more likely.
    expect(randomSuffix(3, replay([248, 255, 61, 250, 62, 0]))).toBe('9AA');
  });
});
