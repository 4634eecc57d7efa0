// The first-page bench's report: a table on stdout and the run's JSON under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

export interface RouteResult {
  name: string;
  path: string;
  mode: 'cold' | 'warm';
  missing?: true;
  /** No row appeared within 30 s in any run. */
  timedOut?: true;
  runsMs?: number[];
  medianMs?: number;
  maxMs?: number;
  pass?: boolean;
  /** Until the console's own table is live (its scripts started and replaced the drawn page). */
  liveMedianMs?: number;
  /** The server's time drawing the page (Server-Timing), when it drew it. */
  drawMedianMs?: number;
}

export function report(
  results: RouteResult[],
  run: { root: string; targetMs: number; runs: number; counts: Record<string, number> },
): void {
  const { root, targetMs: TARGET_MS, runs: RUNS, counts: COUNTS } = run;
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`\nfirst page, navigation start → first row visible (${RUNS} runs, target ≤ ${TARGET_MS} ms)`);
  console.log(
    `${'route'.padEnd(14)}${'cache'.padEnd(6)}${'median'.padStart(9)}${'max'.padStart(9)}` +
      `${'drawn'.padStart(8)}${'live'.padStart(9)}  runs`,
  );
  for (const r of results) {
    const head = `${r.path.padEnd(14)}${r.mode.padEnd(6)}`;
    if (r.missing) console.log(`${r.path.padEnd(14)}missing (the console has no such screen yet)`);
    else if (r.timedOut) console.log(`${head}no row within 30 s`);
    else
      console.log(
        `${head}${`${r.medianMs} ms`.padStart(9)}${`${r.maxMs} ms`.padStart(9)}` +
          `${(r.drawMedianMs === undefined ? '-' : `${r.drawMedianMs} ms`).padStart(8)}` +
          `${`${r.liveMedianMs} ms`.padStart(9)}  ${r.runsMs!.join(', ')}${r.pass ? '' : '  ✗ over target'}`,
      );
  }
  console.log(
    "drawn: the server's time drawing the page (Server-Timing); live: until the console's own table has replaced it",
  );
  console.log(`load average ${load.join(' ')} on ${cpus().length} CPUs`);
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `first-page-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        targetMs: TARGET_MS,
        runs: RUNS,
        counts: COUNTS,
        loadavg: load,
        results,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`wrote ${file}`);
}
