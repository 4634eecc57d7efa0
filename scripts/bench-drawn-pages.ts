// `npm run bench:drawn-pages`: what a burst of server-drawn console pages does to everyone else (issue 29,
// item 9). Starts the built server with the built console on a seeded SQLite file, signs in as root, then fires
// BENCH_BURST (40) concurrent `GET /log` while a second client asks `/api/status` every 20 ms, and prints the
// status latency (p50, p95, max) during the burst, beside the same with no burst, and how many of the pages came
// drawn. Then two clients ask for `/log` back to back for 3 s (every page within the per-user bound, so all are
// drawn): what steady drawing costs everyone else. A measurement, not a test. BENCH_LOGS (20,000) sets the seeded
// log rows, BENCH_ROUNDS (3) the bursts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, hashPassword, migrateToLatest, sqliteHandleOf } from '@switchboard/server';
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';
import { buildWeb, WEB_DIST } from './build-web.mjs';
import { freePort, startChild } from './bench/children.js';
import { seedLogs, seedRoot } from './bench/seed.js';

const BURST = Number(process.env.BENCH_BURST ?? 40);
const LOGS = Number(process.env.BENCH_LOGS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'bench-root-password';

async function seed(dataDir: string): Promise<void> {
  const db = await createDb({ dialect: 'sqlite', url: join(dataDir, 'switchboard.db') });
  try {
    await migrateToLatest(db);
    const handle = sqliteHandleOf(db)!;
    const now = Math.floor(Date.now() / 1000);
    seedRoot(handle, await hashPassword(PASSWORD), now);
    seedLogs(handle, LOGS, { userId: 1, username: 'root', newest: now - 5, perSecond: 2 });
    handle.exec('analyze');
  } finally {
    await db.destroy();
  }
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** Asks /api/status back to back (20 ms apart) until `stop` resolves; the latencies in ms. */
async function probe(base: string, stop: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void stop.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await (await fetch(`${base}/api/status`)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}

const line = (label: string, xs: number[]) =>
  `${label}: n=${xs.length} p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, ` +
  `max ${Math.max(...xs).toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-drawn-'));
  let server: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    const [entry] = await Promise.all([buildServer(), buildWeb(), seed(dataDir)]);
    const port = await freePort();
    server = await startChild(
      [...SERVER_NODE_FLAGS, entry],
      {
        ...SERVER_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST,
        NODE_ENV: 'production',
        // One address makes every request here: the per-IP API and page limits are not what is measured.
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
      },
      /switchboard: listening on/,
      { port, timeoutMs: 120_000 },
    );
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const timings: Record<string, number[]> = { page: [], draw: [], wait: [] };
    const page = async () => {
      const res = await fetch(`${base}/log`, { headers: { cookie } });
      for (const m of (res.headers.get('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g))
        timings[m[1]!]?.push(Number(m[2]));
      return (await res.text()).includes('data-server-drawn');
    };
    // Warm-up: the first render loads the console's server build.
    for (let i = 0; i < 3; i++) await page();
    const idle = await probe(base, new Promise((r) => setTimeout(r, 1500)));
    console.log(`${cpus().length} CPUs, ${LOGS} logs, bursts of ${BURST} concurrent GET /log`);
    console.log(line('/api/status, no burst', idle));
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const burst = Promise.all(Array.from({ length: BURST }, page));
      const [drawn, times] = await Promise.all([burst, probe(base, burst)]);
      const took = performance.now() - started;
      console.log(
        `${line(`/api/status, burst ${round}`, times)}; ${drawn.filter(Boolean).length}/${BURST} drawn, ` +
          `burst done in ${took.toFixed(0)} ms`,
      );
      await new Promise((r) => setTimeout(r, 1000));
    }
    const until = performance.now() + 3000;
    let pages = 0;
    let drawnPages = 0;
    const client = async () => {
      while (performance.now() < until) {
        pages++;
        if (await page()) drawnPages++;
      }
    };
    for (const list of Object.values(timings)) list.length = 0;
    const steady = Promise.all([client(), client()]);
    const times = await probe(base, steady);
    console.log(`${line('/api/status, 2 clients drawing for 3 s', times)}; ${drawnPages}/${pages} drawn`);
    console.log(
      `  their Server-Timing p50: ` +
        Object.entries(timings)
          .map(([name, xs]) => `${name} ${pct(xs, 0.5).toFixed(1)} ms`)
          .join(', '),
    );
    const rss = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
    if (rss) console.log(`server peak RSS ${(Number(rss) / 1024).toFixed(0)} MB`);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
