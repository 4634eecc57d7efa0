// The benchmark's verdict: one table of the three paths, the four targets with PASS/FAIL, and the JSON record.
import type { LoadResult } from './load.js';

/**
 * `switchboard + redis`: the same node with REDIS_CONN_STRING set, in the Redis mode (BENCH_REDIS=1).
 * `switchboard + metrics`: the same node with METRICS_ENABLED=true, scraped as Prometheus would (BENCH_METRICS=1).
 * `switchboard again`: the same node, same settings (BENCH_AA=1): the noise any comparison above must clear.
 */
export type PathName =
  | 'direct'
  | 'bare proxy'
  | 'switchboard'
  | 'switchboard + redis'
  | 'switchboard + metrics'
  | 'switchboard again';

export interface PathResult {
  /** Non-streaming, concurrency 1: latency of the whole answer. */
  c1: LoadResult;
  /** Non-streaming, concurrency 64: throughput. */
  c64: LoadResult;
  /** Streaming, concurrency 1: time to the first `data:` chunk. */
  stream: LoadResult;
  /** Max RSS of the relay's process during the c=64 run, in MB (none for direct). */
  rssMb?: number;
  /** RSS of that process before any load, in MB. */
  rssIdleMb?: number;
  /** CPU time of that process per request at c=64, in µs (none for direct). */
  cpuUsPerRequest?: number | undefined;
  /** Each round's figures, in round order: the targets compare paths within a round. */
  rounds: RoundFigures[];
}

export interface RoundFigures {
  c1P50: number;
  rps: number;
  ttftP50: number;
}

export const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

/**
 * The median over rounds of `f(a's round, b's round)`. Two paths measured within seconds of each other meet
 * the same machine; the same two a minute apart may not (rounds of one path here ranged 7,100-12,100 req/s),
 * so a ratio of medians drifted by ±15 % between runs where the median of per-round ratios held within ±5 %.
 */
function paired(a: PathResult, b: PathResult, f: (x: RoundFigures, y: RoundFigures) => number): number {
  return median(a.rounds.map((x, i) => f(x, b.rounds[i]!)));
}
const rpsRatio = (a: PathResult, b: PathResult) => paired(a, b, (x, y) => x.rps / y.rps);
const p50Gap = (a: PathResult, b: PathResult) => paired(a, b, (x, y) => x.c1P50 - y.c1P50);
const ttftGap = (a: PathResult, b: PathResult) => paired(a, b, (x, y) => x.ttftP50 - y.ttftP50);

export interface Target {
  name: string;
  goal: string;
  value: string;
  pass: boolean;
}

const ms = (v: number) => `${v.toFixed(3)} ms`;
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(3)} ms`;

/** The issues' targets, each relative to a path measured in the same rounds, compared round by round. */
export function evaluateTargets(
  r: Partial<Record<PathName, PathResult>> & Record<'direct' | 'bare proxy' | 'switchboard', PathResult>,
): Target[] {
  const d = r.direct;
  const b = r['bare proxy'];
  const s = r.switchboard;
  // Added latency over direct, less the bare proxy's: the direct figures cancel out of the difference.
  const gapP50 = p50Gap(s, b);
  const rpsShare = rpsRatio(s, b);
  const gapTtft = ttftGap(s, b);
  const directOverBare = rpsRatio(d, b);
  const redis = r['switchboard + redis'];
  const metrics = r['switchboard + metrics'];
  const again = r['switchboard again'];
  return [
    {
      // A direct path barely faster than the floor means the load generator, not the proxies, set the pace.
      name: 'run is valid',
      goal: 'direct ≥ 2 × bare req/s',
      value: `direct = ${directOverBare.toFixed(2)} × bare`,
      pass: directOverBare >= 2,
    },
    {
      name: 'added p50 (c=1)',
      goal: '≤ bare + 0.3 ms',
      value: `bare ${signed(gapP50)}`,
      pass: gapP50 <= 0.3,
    },
    {
      // Issue 14 asked for 70 % and left it above 80 %; issue 24 holds it there.
      name: 'requests/s (c=64)',
      goal: '≥ 80 % of bare',
      value: `${(rpsShare * 100).toFixed(1)} % of bare`,
      pass: rpsShare >= 0.8,
    },
    {
      name: 'added TTFT p50',
      goal: '≤ bare + 0.3 ms',
      value: `bare ${signed(gapTtft)}`,
      pass: gapTtft <= 0.3,
    },
    {
      name: 'RSS under c=64',
      goal: '≤ 150 MB',
      value: s.rssMb === undefined ? 'n/a' : `${s.rssMb.toFixed(1)} MB`,
      pass: s.rssMb !== undefined && s.rssMb <= 150,
    },
    ...(redis ? redisTargets(s, redis) : []),
    ...(metrics ? metricsTargets(s, metrics) : []),
    ...(again ? noiseFloor(s, again) : []),
  ];
}

/** The same node measured twice: what a difference between two identical processes looks like in this run. */
function noiseFloor(s: PathResult, a: PathResult): Target[] {
  const share = rpsRatio(a, s);
  return [
    {
      name: 'A/A: requests/s (c=64)',
      goal: 'reported',
      value: `${(share * 100).toFixed(1)} % of first`,
      pass: true,
    },
    { name: 'A/A: added p50', goal: 'reported', value: signed(p50Gap(a, s)), pass: true },
    { name: 'A/A: added TTFT', goal: 'reported', value: signed(ttftGap(a, s)), pass: true },
  ];
}

/** Issue 27: metrics on keep at least 97 % of the throughput with them off, side by side. */
function metricsTargets(s: PathResult, m: PathResult): Target[] {
  const share = rpsRatio(m, s);
  return [
    {
      name: 'Metrics: requests/s (c=64)',
      goal: '≥ 97 % of off',
      value: `${(share * 100).toFixed(1)} % of off`,
      pass: share >= 0.97,
    },
    { name: 'Metrics: added p50', goal: 'reported', value: signed(p50Gap(m, s)), pass: true },
    { name: 'Metrics: added TTFT', goal: 'reported', value: signed(ttftGap(m, s)), pass: true },
  ];
}

/** Issue 24's Redis mode: the same node with Redis set keeps 90 % of its throughput and adds ≤ 0.1 ms. */
function redisTargets(s: PathResult, r: PathResult): Target[] {
  const share = rpsRatio(r, s);
  const p50 = p50Gap(r, s);
  const ttft = ttftGap(r, s);
  return [
    {
      name: 'Redis: requests/s (c=64)',
      goal: '≥ 90 % of without',
      value: `${(share * 100).toFixed(1)} % of without`,
      pass: share >= 0.9,
    },
    { name: 'Redis: added p50', goal: '≤ +0.1 ms', value: signed(p50), pass: p50 <= 0.1 },
    { name: 'Redis: added TTFT', goal: '≤ +0.1 ms', value: signed(ttft), pass: ttft <= 0.1 },
  ];
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd : cell.padStart).call(cell, widths[i]!)).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** The printed report: paths side by side (medians of their rounds), then the targets (compared per round). */
export function formatReport(
  r: Partial<Record<PathName, PathResult>> & Record<'direct' | 'bare proxy', PathResult>,
  targets: Target[],
): string {
  const d = r.direct;
  const b = r['bare proxy'];
  const rows = [
    [
      'path',
      'p50 c=1',
      'p99 c=1',
      'added p50',
      'req/s c=64',
      '% direct',
      '% bare',
      'TTFT p50',
      'TTFT p99',
      'added TTFT',
      'CPU/req',
      'RSS idle',
      'RSS max',
      'errors',
    ],
  ];
  for (const [name, p] of Object.entries(r) as [PathName, PathResult][]) {
    const errors = p.c1.errors + p.c64.errors + p.stream.errors;
    rows.push([
      name,
      ms(p.c1.p50),
      ms(p.c1.p99),
      name === 'direct' ? '—' : signed(p.c1.p50 - d.c1.p50),
      p.c64.rps.toFixed(0),
      `${((p.c64.rps / d.c64.rps) * 100).toFixed(1)} %`,
      `${((p.c64.rps / b.c64.rps) * 100).toFixed(1)} %`,
      ms(p.stream.p50),
      ms(p.stream.p99),
      name === 'direct' ? '—' : signed(p.stream.p50 - d.stream.p50),
      p.cpuUsPerRequest === undefined ? '—' : `${p.cpuUsPerRequest.toFixed(0)} µs`,
      p.rssIdleMb === undefined ? '—' : `${p.rssIdleMb.toFixed(1)} MB`,
      p.rssMb === undefined ? '—' : `${p.rssMb.toFixed(1)} MB`,
      String(errors),
    ]);
  }
  const verdicts = table([
    ['target', 'goal', 'measured', 'result'],
    ...targets.map((t) => [t.name, t.goal, t.value, t.pass ? 'PASS' : 'FAIL']),
  ]);
  return `${table(rows)}\n\n${verdicts}`;
}
