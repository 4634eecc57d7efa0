// `npm run bench`: the relay benchmark. Three paths to the same fake upstream on loopback, in one run:
// direct, a bare keep-alive pass-through proxy (the floor of any Node relay here), and Switchboard with auth,
// billing and logging on. A benchmark, not a test: it prints a table and writes JSON under bench/results/.
// BENCH_QUICK=1: small counts, a smoke run. BENCH_PROFILE=1: afterwards, a CPU profile of Switchboard under
// the c=64 load, summarised (a separate run, so profiling overhead never touches the numbers above).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssMb as readRss, sampleRss, startChild, TSX_NODE, type Child } from './children.js';
import { runLoad, type LoadResult } from './load.js';
import { formatProfile, summariseProfile, type ProfileSummary } from './profile.js';
import { evaluateTargets, formatReport, type PathName, type PathResult } from './report.js';
import { startSwitchboard } from './switchboard.js';

const QUICK = process.env.BENCH_QUICK === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const COUNTS = QUICK
  ? { warmup: 100, c1: 200, c64Ms: 2_000, c64Max: 50_000, stream: 50 }
  : { warmup: 500, c1: 2_000, c64Ms: 10_000, c64Max: 1_000_000, stream: 500 };
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

async function measure(name: PathName, t: Target): Promise<PathResult> {
  const base = {
    origin: t.origin,
    path: PATH,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.key}` },
  };
  const check = (what: string, r: LoadResult) => {
    if (r.errors > 0) console.warn(`  ${name} ${what}: ${r.errors} errors, first: ${r.firstError}`);
    if (r.count === 0) throw new Error(`${name} ${what}: no request succeeded (${r.firstError})`);
    return r;
  };
  // Before any load: what the process costs at rest, to tell start-up footprint from growth under load.
  const rssIdleMb = t.pid === undefined ? undefined : readRss(t.pid);
  // Warm-up: JIT, keep-alive sockets, the relay's caches; both shapes, a little concurrency.
  check('warm-up', await runLoad({ ...base, body: BODY, concurrency: 8, requests: COUNTS.warmup }));
  check(
    'warm-up stream',
    await runLoad({ ...base, body: STREAM_BODY, concurrency: 4, requests: COUNTS.warmup / 5, stream: true }),
  );

  const c1 = check('c=1', await runLoad({ ...base, body: BODY, concurrency: 1, requests: COUNTS.c1 }));
  const rss = t.pid === undefined ? undefined : sampleRss(t.pid);
  const c64 = check(
    'c=64',
    await runLoad({
      ...base,
      body: BODY,
      concurrency: 64,
      requests: COUNTS.c64Max,
      durationMs: COUNTS.c64Ms,
    }),
  );
  const rssMb = rss?.stop();
  const stream = check(
    'stream',
    await runLoad({ ...base, body: STREAM_BODY, concurrency: 1, requests: COUNTS.stream, stream: true }),
  );
  console.log(
    `  ${name}: p50 ${c1.p50.toFixed(3)} ms, ${c64.rps.toFixed(0)} req/s, TTFT ${stream.p50.toFixed(3)} ms` +
      (rssMb === undefined ? '' : `, RSS ${rssMb.toFixed(1)} MB`),
  );
  return { c1, c64, stream, rssMb, rssIdleMb };
}

/** Profiles a fresh Switchboard under the c=64 load and summarises where its CPU time went. */
async function profileSwitchboard(upstream: string): Promise<ProfileSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'swb-relay-prof-'));
  const sw = await startSwitchboard(upstream, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let requests: number;
  try {
    const base = {
      origin: `http://127.0.0.1:${sw.port}`,
      path: PATH,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sw.key}` },
      body: BODY,
    };
    const warm = await runLoad({ ...base, concurrency: 8, requests: COUNTS.warmup });
    const load = await runLoad({
      ...base,
      concurrency: 64,
      requests: COUNTS.c64Max,
      durationMs: COUNTS.c64Ms,
    });
    requests = warm.count + load.count;
  } finally {
    // The profile is written when the process exits, which SIGTERM makes it do cleanly.
    await sw.stop(30_000);
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the profiled server wrote no .cpuprofile');
  const summary = summariseProfile(join(dir, file), requests);
  rmSync(dir, { recursive: true, force: true });
  return summary;
}

async function main(): Promise<void> {
  const started = new Date();
  console.log(
    `relay benchmark${QUICK ? ' (quick)' : ''}: ${cpus().length} CPUs, Node ${process.version}; ` +
      `c=1 ${COUNTS.c1} requests, c=64 ${COUNTS.c64Ms / 1000} s, stream ${COUNTS.stream} requests`,
  );
  const children: Child[] = [];
  try {
    const upstream = await startChild(
      [...TSX_NODE, 'scripts/bench/fake-upstream.ts'],
      { PORT: '0' },
      /listening (\d+)/,
    );
    children.push(upstream);
    const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
    const upstreamKey = 'sk-bench-upstream';
    const results = {} as Record<PathName, PathResult>;

    results.direct = await measure('direct', { origin: upstreamUrl, key: upstreamKey });

    const bare = await startChild(
      [...TSX_NODE, 'scripts/bench/bare-proxy.ts'],
      { PORT: '0', UPSTREAM: upstreamUrl },
      /listening (\d+)/,
    );
    children.push(bare);
    results['bare proxy'] = await measure('bare proxy', {
      origin: `http://127.0.0.1:${bare.port}`,
      key: upstreamKey,
      pid: bare.pid,
    });
    await bare.stop();

    const sw = await startSwitchboard(upstreamUrl);
    children.push(sw);
    results.switchboard = await measure('switchboard', {
      origin: `http://127.0.0.1:${sw.port}`,
      key: sw.key,
      pid: sw.pid,
    });
    await sw.stop();

    const targets = evaluateTargets(results);
    console.log(`\n${formatReport(results, targets)}\n`);

    const profile = PROFILE ? await profileSwitchboard(upstreamUrl) : undefined;
    if (profile) console.log(`${formatProfile(profile)}\n`);

    const out = join('bench/results', `relay-${started.toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version };
    writeFileSync(
      out,
      JSON.stringify(
        { startedAt: started, quick: QUICK, machine, counts: COUNTS, results, targets, profile },
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
