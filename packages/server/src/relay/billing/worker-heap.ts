import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection whenever this thread's heap has grown `stepMb` since the last one, looked at on a call at
 * most once every `everyMs`. V8 starts a full collection only when the old generation has grown 8 MB past what
 * the previous one left (its minimum growing step). The settlement worker promotes a few bytes per settlement,
 * so under steady load its heap climbed those 8 MB over about ten minutes before anything was collected: a
 * sawtooth with the period of a soak, which reads as a leak (measured at c=64: 7.9 → 14.9 MB, then 7.6 MB
 * after minute 11). Its live heap is about 5 MB, so a collection costs this thread a few milliseconds every few
 * minutes.
 */
export function heapKeeper(stepMb: number, everyMs = 1000): () => void {
  const gc = exposedGc();
  const step = stepMb * 2 ** 20;
  let floor = getHeapStatistics().used_heap_size;
  let checkedAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - checkedAt < everyMs) return;
    checkedAt = now;
    if (getHeapStatistics().used_heap_size < floor + step) return;
    gc();
    floor = getHeapStatistics().used_heap_size;
  };
}

/** V8's full collection as a function, without starting the process with `--expose-gc`. */
export function exposedGc(): () => void {
  // Process-wide, but it only puts a `gc` function in contexts created from now on, such as this one.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
