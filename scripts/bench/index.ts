// `npm run bench`: the relay benchmark. Three paths to the same fake upstream on loopback, in one run:
// direct, a bare keep-alive pass-through proxy (the floor of any Node relay here), and Switchboard with auth,
// billing and logging on. Throughput and latency load comes from wrk in its own process; stream TTFT from a
// Node client (its constant cost cancels out of the "added" figures). A benchmark, not a test: it prints a
// table and writes JSON under bench/results/.
// BENCH_QUICK=1: small counts, a smoke run. BENCH_PROFILE=1: afterwards, a CPU profile of Switchboard under
// the c=64 load, summarised (a separate run, so profiling overhead never touches the numbers above);
// BENCH_PROFILE=only: just that.
// BENCH_METRICS=1: the same node once more with METRICS_ENABLED=true, scraped every 5 s meanwhile (issue 27's
// target: 97 % of the throughput with metrics off).
// BENCH_SOAK_MIN=10: afterwards, that many minutes at c=64 against Switchboard, RSS sampled along the way.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { cpuMs, rssMb as readRss, sampleRss, startUpstreamAndBare, type Child } from './children.js';
import { runLoad, type LoadResult } from './load.js';
import { formatProfile } from './profile.js';
import { profileSwitchboard } from './profile-run.js';
import { evaluateTargets, formatReport, type PathName, type PathResult } from './report.js';
import { startSwitchboard } from './switchboard.js';
import { soak, type SoakResult } from './soak.js';
import { haveWrk, runWrk } from './wrk.js';

const QUICK = process.env.BENCH_QUICK === '1';
const PROFILE_ONLY = process.env.BENCH_PROFILE === 'only';
const PROFILE = process.env.BENCH_PROFILE === '1' || PROFILE_ONLY;
const SOAK_MIN = Number(process.env.BENCH_SOAK_MIN ?? 0);
/** BENCH_REDIS=1 (or a redis:// URL): the same node once more with REDIS_CONN_STRING set, side by side. */
const REDIS = process.env.BENCH_REDIS === '1' ? 'redis://127.0.0.1:6379' : process.env.BENCH_REDIS;
const METRICS = process.env.BENCH_METRICS === '1';
/** How often the metrics node is scraped during the run (Prometheus's default interval is 15 s or 1 min). */
const SCRAPE_MS = 5_000;
const COUNTS = QUICK
  ? { warmupMs: 1_000, c1Ms: 1_000, c64Ms: 2_000, stream: 50, rounds: 1 }
  : { warmupMs: 3_000, c1Ms: 9_000, c64Ms: 15_000, stream: 600, rounds: 3 };
/**
 * A pause between a path's c=64 load and its stream requests. Without it Switchboard met its first stream
 * requests while still finishing the c=64 load's tail (its last settlements, a garbage collection: 10-30 ms of
 * CPU in the next half second), which the bare proxy does not have and no c=1 figure includes (each c=1 run
 * follows another path's load). Measured over 6 rounds, each path right after its own c=64 burst: TTFT p50
 * 0.21 ms above the bare proxy's; after 3 s at rest: 0.05 ms.
 */
const SETTLE_MS = QUICK ? 0 : 2_000;
const PATH = '/v1/chat/completions';
const messages = [{ role: 'user', content: 'Say hello.' }];
const BODY = JSON.stringify({ model: 'gpt-4o-mini', messages });
// Usage in the stream is what a billing relay asks for anyway; asking on every path keeps the upstream's work equal.
const STREAM_BODY = JSON.stringify({
  model: 'gpt-4o-mini',
  messages,
  stream: true,
  stream_options: { include_usage: true },
});

interface Target {
  origin: string;
  key: string;
  /** The process whose RSS is reported; none for direct. */
  pid?: number;
}

const loadBase = (t: Target) => ({
  origin: t.origin,
  path: PATH,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${t.key}` },
});

function checked(name: PathName, what: string, r: LoadResult): LoadResult {
  if (r.errors > 0) console.warn(`  ${name} ${what}: ${r.errors} errors, first: ${r.firstError}`);
  if (r.count === 0) throw new Error(`${name} ${what}: no request succeeded (${r.firstError})`);
  return r;
}

/** JIT, keep-alive sockets, the relay's caches: both shapes, a little concurrency. */
async function warmUp(name: PathName, t: Target): Promise<void> {
  const base = loadBase(t);
  checked(
    name,
    'warm-up',
    await runWrk({ ...base, body: BODY, concurrency: 8, durationMs: COUNTS.warmupMs }),
  );
  checked(
    name,
    'warm-up stream',
    await runLoad({ ...base, body: STREAM_BODY, concurrency: 4, requests: 100, stream: true }),
  );
}

interface Round {
  c1: LoadResult;
  c64: LoadResult;
  stream: LoadResult;
  rssMb: number | undefined;
  /** CPU time the relay's process spent per request at c=64, in µs. */
  cpuUsPerRequest: number | undefined;
}

/** One round of the three measurements on one path; each is a share of the run's total. */
async function measureRound(name: PathName, t: Target): Promise<Round> {
  const base = loadBase(t);
  const share = (n: number) => Math.ceil(n / COUNTS.rounds);
  const c1 = checked(
    name,
    'c=1',
    await runWrk({ ...base, body: BODY, concurrency: 1, durationMs: share(COUNTS.c1Ms) }),
  );
  const rss = t.pid === undefined ? undefined : sampleRss(t.pid);
  const cpuBefore = t.pid === undefined ? undefined : cpuMs(t.pid);
  const c64 = checked(
    name,
    'c=64',
    await runWrk({ ...base, body: BODY, concurrency: 64, durationMs: share(COUNTS.c64Ms) }),
  );
  const cpuAfter = t.pid === undefined ? undefined : cpuMs(t.pid);
  const rssMb = rss?.stop();
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / (c64.count + c64.errors);
  await new Promise((settled) => setTimeout(settled, SETTLE_MS));
  const stream = checked(
    name,
    'stream',
    await runLoad({
      ...base,
      body: STREAM_BODY,
      concurrency: 1,
      requests: share(COUNTS.stream),
      stream: true,
    }),
  );
  return { c1, c64, stream, rssMb, cpuUsPerRequest };
}

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

/** Rounds folded into one result: the median of each figure, counts summed, the highest RSS. */
function combine(rounds: Round[], rssIdleMb: number | undefined): PathResult {
  const fold = (pick: (r: Round) => LoadResult): LoadResult => {
    const all = rounds.map(pick);
    const firstError = all.find((r) => r.firstError)?.firstError;
    return {
      count: all.reduce((n, r) => n + r.count, 0),
      errors: all.reduce((n, r) => n + r.errors, 0),
      ...(firstError ? { firstError } : {}),
      elapsedMs: all.reduce((n, r) => n + r.elapsedMs, 0),
      rps: median(all.map((r) => r.rps)),
      p50: median(all.map((r) => r.p50)),
      p99: median(all.map((r) => r.p99)),
      mean: median(all.map((r) => r.mean)),
    };
  };
  const rss = rounds.map((r) => r.rssMb).filter((v) => v !== undefined);
  const cpu = rounds.map((r) => r.cpuUsPerRequest).filter((v) => v !== undefined);
  return {
    cpuUsPerRequest: cpu.length ? median(cpu) : undefined,
    c1: fold((r) => r.c1),
    c64: fold((r) => r.c64),
    stream: fold((r) => r.stream),
    rssMb: rss.length ? Math.max(...rss) : undefined,
    rssIdleMb,
  };
}

/**
 * Every path is measured in each of several rounds, the paths taking turns, and each figure is the median of
 * its rounds: this machine's speed drifts by a third from minute to minute, which a single sequential pass
 * per path turned into a verdict. All three targets run at once; an idle process costs the others nothing.
 */
async function measureAll(
  targets: Partial<Record<PathName, Target>>,
): Promise<
  Partial<Record<PathName, PathResult>> & Record<'direct' | 'bare proxy' | 'switchboard', PathResult>
> {
  const names = Object.keys(targets) as PathName[];
  const target = (n: PathName) => targets[n]!;
  // Before any load: what each process costs at rest, to tell start-up footprint from growth under load.
  const idle = Object.fromEntries(
    names.map((n) => [n, target(n).pid === undefined ? undefined : readRss(target(n).pid!)]),
  );
  for (const n of names) await warmUp(n, target(n));
  const rounds = Object.fromEntries(names.map((n) => [n, [] as Round[]])) as Record<PathName, Round[]>;
  for (let i = 0; i < COUNTS.rounds; i++) {
    for (const n of names) rounds[n].push(await measureRound(n, target(n)));
  }
  const results = {} as Record<PathName, PathResult>;
  for (const n of names) {
    const r = (results[n] = combine(rounds[n], idle[n]));
    console.log(
      `  ${n}: p50 ${r.c1.p50.toFixed(3)} ms, ${r.c64.rps.toFixed(0)} req/s ` +
        `(rounds ${rounds[n].map((x) => x.c64.rps.toFixed(0)).join(', ')}), TTFT ${r.stream.p50.toFixed(3)} ms ` +
        `(rounds ${rounds[n].map((x) => x.stream.p50.toFixed(3)).join(', ')})` +
        (r.rssMb === undefined ? '' : `, RSS ${r.rssMb.toFixed(1)} MB`),
    );
  }
  return results;
}

const PROFILE_LOAD = { path: PATH, body: BODY, warmupMs: COUNTS.warmupMs, c64Ms: COUNTS.c64Ms };

async function main(): Promise<void> {
  const started = new Date();
  console.log(
    `relay benchmark${QUICK ? ' (quick)' : ''}: ${cpus().length} CPUs, Node ${process.version}; ` +
      `c=1 ${COUNTS.c1Ms / 1000} s, c=64 ${COUNTS.c64Ms / 1000} s (wrk), stream ${COUNTS.stream} requests, ` +
      `in ${COUNTS.rounds} interleaved round(s)`,
  );
  if (!(await haveWrk())) {
    console.error('the benchmark needs wrk, a C load generator: apt-get install -y wrk');
    process.exitCode = 1;
    return;
  }
  const children: Child[] = [];
  try {
    const { upstreamUrl, bare } = await startUpstreamAndBare(children);
    const upstreamKey = 'sk-bench-upstream';
    const sw = await startSwitchboard(upstreamUrl);
    children.push(sw);
    if (PROFILE_ONLY) {
      console.log(formatProfile(await profileSwitchboard(upstreamUrl, PROFILE_LOAD)));
      return;
    }
    const withRedis = REDIS
      ? await startSwitchboard(upstreamUrl, [], undefined, { REDIS_CONN_STRING: REDIS })
      : undefined;
    if (withRedis) children.push(withRedis);
    const withMetrics = METRICS
      ? await startSwitchboard(upstreamUrl, [], undefined, { METRICS_ENABLED: 'true' })
      : undefined;
    if (withMetrics) children.push(withMetrics);
    // Scraped as Prometheus would, so exposition costs count too.
    const scraper =
      withMetrics &&
      setInterval(() => {
        fetch(`http://127.0.0.1:${withMetrics.port}/metrics`)
          .then((res) => res.text())
          .catch(() => undefined);
      }, SCRAPE_MS);
    const results = await measureAll({
      direct: { origin: upstreamUrl, key: upstreamKey },
      'bare proxy': { origin: `http://127.0.0.1:${bare.port}`, key: upstreamKey, pid: bare.pid },
      switchboard: { origin: `http://127.0.0.1:${sw.port}`, key: sw.key, pid: sw.pid },
      ...(withRedis
        ? {
            'switchboard + redis': {
              origin: `http://127.0.0.1:${withRedis.port}`,
              key: withRedis.key,
              pid: withRedis.pid,
            },
          }
        : {}),
      ...(withMetrics
        ? {
            'switchboard + metrics': {
              origin: `http://127.0.0.1:${withMetrics.port}`,
              key: withMetrics.key,
              pid: withMetrics.pid,
            },
          }
        : {}),
    });
    if (scraper) clearInterval(scraper);

    const targets = evaluateTargets(results);
    console.log(`\n${formatReport(results, targets)}\n`);
    if (!targets[0]!.pass)
      console.log(
        "INVALID RUN: direct throughput is under twice the bare proxy's, so the load generator (or a busy " +
          'machine), not the proxies, set the pace; its ratios say nothing. Rerun on a quiet machine.\n',
      );

    const profile = PROFILE ? await profileSwitchboard(upstreamUrl, PROFILE_LOAD) : undefined;
    if (profile) console.log(`${formatProfile(profile)}\n`);

    let soaked: SoakResult | undefined;
    if (SOAK_MIN > 0) {
      soaked = await soak(loadBase({ origin: `http://127.0.0.1:${sw.port}`, key: sw.key, pid: sw.pid }), {
        body: BODY,
        minutes: SOAK_MIN,
        pid: sw.pid,
      });
      console.log(soaked.report);
    }

    const out = join('bench/results', `relay-${started.toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version };
    writeFileSync(
      out,
      JSON.stringify(
        {
          startedAt: started,
          quick: QUICK,
          machine,
          counts: COUNTS,
          results,
          targets,
          profile,
          soak: soaked,
        },
        null,
        2,
      ),
    );
    console.log(`wrote ${out}`);
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
