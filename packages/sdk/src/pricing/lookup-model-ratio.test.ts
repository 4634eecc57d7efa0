import { describe, expect, it } from 'vitest';
import { lookupModelRatio } from './lookup-model-ratio.js';

describe('lookupModelRatio', () => {
  it('prefers the exact name, then the longest prefix* key', () => {
    const map = { 'gpt-*': 1.5, 'gpt-4-*': 2, 'gpt-4-gizmo-*': 2.5, 'gpt-4-gizmo-g-1': 3 };
    expect(lookupModelRatio(map, 'gpt-4-gizmo-g-1')).toBe(3);
    expect(lookupModelRatio(map, 'gpt-4-gizmo-g-2')).toBe(2.5);
    expect(lookupModelRatio(map, 'gpt-4-0613')).toBe(2);
    expect(lookupModelRatio(map, 'gpt-3.5-turbo')).toBe(1.5);
    expect(lookupModelRatio(map, 'claude-3')).toBeUndefined();
  });

  it('does not depend on the order of the keys', () => {
    const forward = { 'a-*': 1, 'a-b-*': 2 };
    const backward = { 'a-b-*': 2, 'a-*': 1 };
    expect(lookupModelRatio(forward, 'a-b-c')).toBe(2);
    expect(lookupModelRatio(backward, 'a-b-c')).toBe(2);
  });

  it('treats a lone * as every model, and * inside a key literally', () => {
    expect(lookupModelRatio({ '*': 0.9 }, 'anything')).toBe(0.9);
    expect(lookupModelRatio({ 'gpt-*-mini': 0.4 }, 'gpt-4o-mini')).toBeUndefined();
    expect(lookupModelRatio({ 'gpt-*-mini': 0.4 }, 'gpt-*-mini')).toBe(0.4);
    expect(lookupModelRatio({}, 'gpt-4o')).toBeUndefined();
  });

  it('keeps a configured 0 and skips entries that are not numbers', () => {
    expect(lookupModelRatio({ m: 0 }, 'm')).toBe(0);
    const bad = { m: '2', 'm*': 5 } as unknown as Record<string, number>;
    expect(lookupModelRatio(bad, 'm')).toBe(5);
  });

  it('reads own keys only, so prototype member names find nothing', () => {
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(lookupModelRatio({ 'gpt-4o': 2 }, model), model).toBeUndefined();
    }
    // A JSON-parsed option can hold "__proto__" as an own key; it is then a real entry.
    expect(lookupModelRatio(JSON.parse('{"__proto__": 7}') as Record<string, number>, '__proto__')).toBe(7);
  });
});
