// The measurements: warm-up, rounds in which the paths take turns, stream requests one to each path in turn,
// and the rounds folded into each path's result.
import { cpuMs, rssMb as readRss, sampleRss } from './children.js';
import { runInterleaved, runLoad, type LoadResult } from './load.js';
import { median, type PathName, type PathResult } from './report.js';
import { BODY, COUNTS, PATH, SETTLE_MS, STREAM_BODY } from './settings.js';
import { runWrk } from './wrk.js';

export interface Target {
  origin: string;
  key: string;
  /** The process whose RSS is reported; none for direct. */
  pid?: number;
}

export const loadBase = (t: Target) => ({
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

const share = (n: number) => Math.ceil(n / COUNTS.rounds);

/** One round of the two wrk measurements on one path; each is a share of the run's total. */
async function measureRound(name: PathName, t: Target): Promise<Omit<Round, 'stream'>> {
  const base = loadBase(t);
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
  return { c1, c64, rssMb, cpuUsPerRequest };
}

/** Time to first token on every path, one request to each in turn (see runInterleaved). */
async function measureStreams(names: PathName[], target: (n: PathName) => Target): Promise<LoadResult[]> {
  await new Promise((settled) => setTimeout(settled, SETTLE_MS));
  const specs = names.map((n) => ({
    ...loadBase(target(n)),
    body: STREAM_BODY,
    concurrency: 1,
    requests: share(COUNTS.stream),
    stream: true,
  }));
  return (await runInterleaved(specs)).map((r, k) => checked(names[k]!, 'stream', r));
}

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
    rounds: rounds.map((r) => ({ c1P50: r.c1.p50, rps: r.c64.rps, ttftP50: r.stream.p50 })),
  };
}

/**
 * Every path is measured in each of several rounds, the paths taking turns, and each figure is the median of
 * its rounds: this machine's speed drifts by a third from minute to minute, which a single sequential pass
 * per path turned into a verdict. The targets compare paths round by round (report.ts), which cancels the
 * drift between rounds as well. All three targets run at once; an idle process costs the others nothing.
 */
export async function measureAll(
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
    // Each round starts one path further on, so no path always follows the same one.
    const wrk = new Map<PathName, Omit<Round, 'stream'>>();
    for (let j = 0; j < names.length; j++) {
      const n = names[(i + j) % names.length]!;
      wrk.set(n, await measureRound(n, target(n)));
    }
    const streams = await measureStreams(names, target);
    names.forEach((n, k) => rounds[n].push({ ...wrk.get(n)!, stream: streams[k]! }));
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
