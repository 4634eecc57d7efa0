// BENCH_PROFILE: a fresh Switchboard under the c=64 load with --cpu-prof, its profile summarised.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile, type ProfileSummary } from './profile.js';
import { startSwitchboard } from './switchboard.js';
import { runWrk } from './wrk.js';

/** Profiles a fresh Switchboard under the c=64 load and summarises where its CPU time went. */
export async function profileSwitchboard(
  upstream: string,
  shape: { path: string; body: string; warmupMs: number; c64Ms: number },
): Promise<ProfileSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'swb-relay-prof-'));
  const sw = await startSwitchboard(upstream, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let requests: number;
  try {
    const base = {
      origin: `http://127.0.0.1:${sw.port}`,
      path: shape.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sw.key}` },
      body: shape.body,
    };
    const warm = await runWrk({ ...base, concurrency: 8, durationMs: shape.warmupMs });
    const load = await runWrk({ ...base, concurrency: 64, durationMs: shape.c64Ms });
    requests = warm.count + load.count;
  } finally {
    // The profile is written when the process exits, which SIGTERM makes it do cleanly.
    await sw.stop(30_000);
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the profiled server wrote no .cpuprofile');
  const summary = summariseProfile(join(dir, file), requests);
  // Kept for a closer look (Chrome DevTools or speedscope open it): the summary only has self times.
  copyFileSync(join(dir, file), join('bench/results', 'relay-latest.cpuprofile'));
  rmSync(dir, { recursive: true, force: true });
  return summary;
}
