import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { heapKeeper } from './worker-heap.js';

const usedMb = () => getHeapStatistics().used_heap_size / 2 ** 20;

/** Garbage: `mb` of small objects, dropped as soon as they are made. */
function litter(mb: number): number {
  const made: unknown[] = [];
  for (let i = 0; i < mb * 2 ** 20; i += 64) made.push({ i, s: `x${i}` });
  return made.length;
}

describe('heapKeeper', () => {
  it('collects once the heap has grown by its step, and not before', () => {
    const keep = heapKeeper(16, 0);
    litter(1);
    const before = usedMb();
    keep();
    // Below the step: nothing collected, the garbage is still counted.
    expect(usedMb()).toBeGreaterThanOrEqual(before - 0.5);
    litter(40);
    const grown = usedMb();
    keep();
    expect(usedMb()).toBeLessThan(grown - 16);
  });

  it('looks at the heap at most once per period', () => {
    const keep = heapKeeper(1, 60_000);
    keep();
    litter(40);
    const grown = usedMb();
    keep();
    expect(usedMb()).toBeGreaterThan(grown - 1);
  });
});
