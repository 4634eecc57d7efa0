// The load generator: an undici keep-alive Pool with one connection per worker, a fixed request budget and
// an optional deadline (both bound every loop), and the latency of every request kept for exact percentiles.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface LoadSpec {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  concurrency: number;
  /** At most this many requests in all. */
  requests: number;
  /** Stop issuing new requests after this long, when set. */
  durationMs?: number;
  /** Measure the time to the first `data:` chunk instead of the time to the whole answer. */
  stream?: boolean;
}

export interface LoadResult {
  count: number;
  errors: number;
  /** First failure, for the report when something is wrong rather than slow. */
  firstError?: string;
  elapsedMs: number;
  rps: number;
  /** Milliseconds: whole answer, or first `data:` chunk for streams. */
  p50: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One path's requests and their timings: the pieces both load shapes below are made of. */
function openPath(spec: LoadSpec, capacity: number) {
  const pool = new Pool(spec.origin, {
    connections: spec.concurrency,
    pipelining: 1,
    keepAliveTimeout: 60_000,
  });
  const times = new Float64Array(capacity);
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;

  const request = async (): Promise<void> => {
    const t0 = performance.now();
    const res = await pool.request({
      path: spec.path,
      method: 'POST',
      headers: spec.headers,
      body: spec.body,
    });
    let ttft: number | undefined;
    let text = '';
    // Read the whole body either way: a relay that is fast to first byte but slow to finish must not look fast.
    for await (const part of res.body) {
      if (spec.stream && ttft === undefined && (part as Buffer).includes('data:'))
        ttft = performance.now() - t0;
      if (res.statusCode !== 200 && text.length < 500) text += (part as Buffer).toString();
    }
    const total = performance.now() - t0;
    if (res.statusCode !== 200 || (spec.stream && ttft === undefined)) {
      errors++;
      firstError ??= `${res.statusCode} ${text.slice(0, 300)}`;
      return;
    }
    times[done++] = spec.stream ? ttft! : total;
  };
  const one = async (): Promise<void> => {
    try {
      await request();
    } catch (e) {
      errors++;
      firstError ??= (e as Error).message;
    }
  };
  const finish = async (elapsedMs: number): Promise<LoadResult> => {
    await pool.close();
    const sorted = times.subarray(0, done).sort();
    let sum = 0;
    for (const t of sorted) sum += t;
    return {
      count: done,
      errors,
      firstError,
      elapsedMs,
      rps: (done / elapsedMs) * 1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: done ? sum / done : NaN,
    };
  };
  return { one, finish };
}

/** Runs one load and answers its throughput and latency distribution. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const path = openPath(spec, spec.requests);
  let issued = 0;
  const start = performance.now();
  const deadline = spec.durationMs === undefined ? Infinity : start + spec.durationMs;
  const worker = async () => {
    while (issued < spec.requests && performance.now() < deadline) {
      issued++;
      await path.one();
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  return path.finish(performance.now() - start);
}

/**
 * Sequential requests, `block` to each path in turn, until each has had `spec.requests`: the paths meet the
 * same stretch of a machine whose speed drifts, so their differences are the paths' own, while within a block
 * each path serves back to back as in a plain sequential run. Used for time to first token, whose differences of
 * a tenth of a millisecond were lost in the drift between one path's turn and the next's.
 */
export async function runInterleaved(specs: LoadSpec[], block = 10): Promise<LoadResult[]> {
  const paths = specs.map((s) => openPath({ ...s, concurrency: 1 }, s.requests));
  const elapsed = specs.map(() => 0);
  const sent = specs.map(() => 0);
  const turns = Math.ceil(Math.max(...specs.map((s) => s.requests)) / block);
  // Each turn starts one path further on, so no path always follows the same one.
  for (let i = 0; i < turns; i++)
    for (let j = 0; j < paths.length; j++) {
      const k = (i + j) % paths.length;
      const path = paths[k]!;
      const t0 = performance.now();
      for (let n = 0; n < block && sent[k]! < specs[k]!.requests; n++, sent[k]!++) await path.one();
      elapsed[k]! += performance.now() - t0;
    }
  return Promise.all(paths.map((p, k) => p.finish(elapsed[k]!)));
}
