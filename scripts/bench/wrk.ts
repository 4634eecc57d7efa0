// The throughput and latency load generator: wrk (Debian's `wrk`), a C program in its own process. At tens of
// thousands of requests a second a Node client costs as much CPU per request as a fast proxy does, and on two
// cores that cost lands on every path alike, pulling every ratio toward 100 %. wrk costs a fraction of it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadResult } from './load.js';

const run = promisify(execFile);

export interface WrkSpec {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  concurrency: number;
  durationMs: number;
}

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal here

/** Same method, headers and body on every request; `done` prints the summary as one JSON line. */
function script(spec: WrkSpec): string {
  return [
    'wrk.method = "POST"',
    `wrk.body = ${lua(spec.body)}`,
    ...Object.entries(spec.headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    'function done(s, latency, requests)',
    '  local e = s.errors',
    '  io.write(string.format(\'\\n@@{"requests":%d,"duration_us":%d,"socket_errors":%d,"non2xx":%d,' +
      '"p50_us":%.1f,"p99_us":%.1f,"mean_us":%.1f}\\n\', s.requests, s.duration,',
    '    e.connect + e.read + e.write + e.timeout, e.status,',
    '    latency:percentile(50), latency:percentile(99), latency.mean))',
    'end',
  ].join('\n');
}

/** Whether wrk is on this machine; the benchmark says how to install it when not. */
export async function haveWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (e) {
    // wrk --version prints its usage and exits 1; only a missing binary is ENOENT.
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** One wrk run: one thread (one core at most), `concurrency` keep-alive connections, for `durationMs`. */
export async function runWrk(spec: WrkSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'swb-wrk-'));
  const file = join(dir, 'load.lua');
  writeFileSync(file, script(spec));
  try {
    const seconds = Math.max(1, Math.round(spec.durationMs / 1000));
    const { stdout } = await run(
      'wrk',
      [
        '-t1',
        `-c${spec.concurrency}`,
        `-d${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        file,
        spec.origin + spec.path,
      ],
      { maxBuffer: 1 << 20 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('@@'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(line.slice(2)) as Record<string, number>;
    const errors = r.socket_errors! + r.non2xx!;
    const count = r.requests! - r.non2xx!;
    const elapsedMs = r.duration_us! / 1000;
    return {
      count,
      errors,
      ...(errors ? { firstError: `${r.non2xx} non-2xx answers, ${r.socket_errors} socket errors` } : {}),
      elapsedMs,
      rps: (count / elapsedMs) * 1000,
      p50: r.p50_us! / 1000,
      p99: r.p99_us! / 1000,
      mean: r.mean_us! / 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
