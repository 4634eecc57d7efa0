// The benchmark's settings, from the environment (index.ts lists them), and the requests it sends.
export const QUICK = process.env.BENCH_QUICK === '1';
export const PROFILE_ONLY = process.env.BENCH_PROFILE === 'only';
export const PROFILE = process.env.BENCH_PROFILE === '1' || PROFILE_ONLY;
export const SOAK_MIN = Number(process.env.BENCH_SOAK_MIN ?? 0);
/** BENCH_REDIS=1 (or a redis:// URL): the same node once more with REDIS_CONN_STRING set, side by side. */
export const REDIS = process.env.BENCH_REDIS === '1' ? 'redis://127.0.0.1:6379' : process.env.BENCH_REDIS;
export const METRICS = process.env.BENCH_METRICS === '1';
/**
 * BENCH_AA=1: the same node twice, with the same settings. Their difference is this machine's noise, the yardstick
 * for the Redis and metrics figures: a gap no larger than the A/A gap is no gap.
 */
export const AA = process.env.BENCH_AA === '1';
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** How often the metrics node is scraped during the run (Prometheus's default interval is 15 s or 1 min). */
export const SCRAPE_MS = 5_000;
export const COUNTS = QUICK
  ? { warmupMs: 1_000, c1Ms: 1_000, c64Ms: 2_000, stream: 50, rounds: 1 }
  : { warmupMs: 3_000, c1Ms: 2_000 * ROUNDS, c64Ms: 3_000 * ROUNDS, stream: 120 * ROUNDS, rounds: ROUNDS };
/**
 * A pause between a round's last c=64 load and its stream requests (one to each path in turn, so that a path's
 * TTFT is measured at the same moments as the others': with each path's streams in a block of its own, the
 * machine's drift between blocks moved TTFT p50 by up to 0.4 ms, and Redis mode, the same code, came out
 * 0.18-0.26 ms slower in two runs). Without the pause Switchboard met its first stream
 * requests while still finishing the c=64 load's tail (its last settlements, a garbage collection: 10-30 ms of
 * CPU in the next half second), which the bare proxy does not have and no c=1 figure includes (each c=1 run
 * follows another path's load). Measured over 6 rounds, each path right after its own c=64 burst: TTFT p50
 * 0.21 ms above the bare proxy's; after 3 s at rest: 0.05 ms.
 */
export const SETTLE_MS = QUICK ? 0 : 2_000;
export const PATH = '/v1/chat/completions';
const messages = [{ role: 'user', content: 'Say hello.' }];
export const BODY = JSON.stringify({ model: 'gpt-4o-mini', messages });
// Usage in the stream is what a billing relay asks for anyway; asking on every path keeps the upstream's work equal.
export const STREAM_BODY = JSON.stringify({
  model: 'gpt-4o-mini',
  messages,
  stream: true,
  stream_options: { include_usage: true },
});
