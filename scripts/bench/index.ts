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
// BENCH_REDIS=1: the same node once more with REDIS_CONN_STRING set (issue 24's targets: 90 % of the throughput,
// at most +0.1 ms at p50 and TTFT). BENCH_AA=1: the same node twice, the run's noise floor. BENCH_ROUNDS=9: more
// rounds (5 by default) when the machine is noisy.
// BENCH_SOAK_MIN=10: afterwards, that many minutes at c=64 against Switchboard, RSS sampled along the way.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { startUpstreamAndBare, type Child } from './children.js';
import { loadBase, measureAll, type Target } from './measure.js';
import { formatProfile } from './profile.js';
import { profileSwitchboard } from './profile-run.js';
import { evaluateTargets, formatReport, type PathName } from './report.js';
import {
  AA,
  BODY,
  COUNTS,
  METRICS,
  PATH,
  PROFILE,
  PROFILE_ONLY,
  QUICK,
  REDIS,
  SCRAPE_MS,
  SOAK_MIN,
} from './settings.js';
import { startSwitchboard } from './switchboard.js';
import { soak, type SoakResult } from './soak.js';
import { haveWrk } from './wrk.js';

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
    // The same node again, once per mode asked for, each with its own setting.
    const variants: [PathName, Record<string, string> | undefined][] = [
      ['switchboard + redis', REDIS ? { REDIS_CONN_STRING: REDIS } : undefined],
      ['switchboard + metrics', METRICS ? { METRICS_ENABLED: 'true' } : undefined],
      ['switchboard again', AA ? {} : undefined],
    ];
    const paths: Partial<Record<PathName, Target>> = {
      direct: { origin: upstreamUrl, key: upstreamKey },
      'bare proxy': { origin: `http://127.0.0.1:${bare.port}`, key: upstreamKey, pid: bare.pid },
      switchboard: { origin: `http://127.0.0.1:${sw.port}`, key: sw.key, pid: sw.pid },
    };
    for (const [name, env] of variants) {
      if (!env) continue;
      const node = await startSwitchboard(upstreamUrl, [], undefined, env);
      children.push(node);
      paths[name] = { origin: `http://127.0.0.1:${node.port}`, key: node.key, pid: node.pid };
    }
    // Scraped as Prometheus would, so exposition costs count too.
    const metricsOrigin = paths['switchboard + metrics']?.origin;
    const scraper =
      metricsOrigin &&
      setInterval(() => {
        fetch(`${metricsOrigin}/metrics`)
          .then((res) => res.text())
          .catch(() => undefined);
      }, SCRAPE_MS);
    const results = await measureAll(
      paths as Record<'direct' | 'bare proxy' | 'switchboard', Target> & typeof paths,
    );
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
