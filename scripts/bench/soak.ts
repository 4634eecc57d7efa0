// BENCH_SOAK_MIN: a long c=64 load against Switchboard in one-minute slices, RSS sampled through each, to show
// whether memory grows with traffic (a leak) or settles (a heap that has found its size).
import { rssMb, sampleRss } from './children.js';
import { runWrk, type WrkSpec } from './wrk.js';

export interface SoakResult {
  minutes: number;
  requests: number;
  errors: number;
  rssStartMb: number | undefined;
  /** Peak RSS within each minute. */
  rssByMinuteMb: (number | undefined)[];
  rssEndMb: number | undefined;
  report: string;
}

export async function soak(
  base: Omit<WrkSpec, 'body' | 'concurrency' | 'durationMs'>,
  opts: { body: string; minutes: number; pid: number },
): Promise<SoakResult> {
  const rssStartMb = rssMb(opts.pid);
  const rssByMinuteMb: (number | undefined)[] = [];
  let requests = 0;
  let errors = 0;
  for (let m = 0; m < opts.minutes; m++) {
    const sampler = sampleRss(opts.pid, 1000);
    const r = await runWrk({ ...base, body: opts.body, concurrency: 64, durationMs: 60_000 });
    rssByMinuteMb.push(sampler.stop());
    requests += r.count;
    errors += r.errors;
    console.log(
      `  soak minute ${m + 1}: ${r.rps.toFixed(0)} req/s, RSS max ${rssByMinuteMb.at(-1)?.toFixed(1)} MB`,
    );
  }
  const rssEndMb = rssMb(opts.pid);
  const mb = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(1)} MB`);
  const report =
    `soak: ${opts.minutes} min at c=64, ${requests} requests, ${errors} errors; RSS at start ${mb(rssStartMb)}, ` +
    `peak in minute 1 ${mb(rssByMinuteMb[0])}, in minute ${opts.minutes} ${mb(rssByMinuteMb.at(-1))}, ` +
    `at end ${mb(rssEndMb)}`;
  return { minutes: opts.minutes, requests, errors, rssStartMb, rssByMinuteMb, rssEndMb, report };
}
