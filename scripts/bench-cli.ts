// Benchmarks of swb (not tests; heavy, so run them alone): `npm run bench:cli [cold|codes|logs]`.
//   cold   `swb --version` from the bundle, median of 30 starts, beside bare `node -e 0`   (target ≤ 100 ms)
//   codes  `swb codes create --count 10000` against mock-server, as a real process        (target ≤ 10 s)
//   logs   `swb logs export` of 1,000,000 logs, peak RSS of the swb process                (target ≤ 100 MB)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@switchboard/sdk';
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import { sqliteHandleOf } from '@switchboard/server';
import { buildCli } from './build-cli.mjs';
import { seedLogs } from './bench/seed.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function timeRun(args: string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function cold(bin: string) {
  const swb: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 30; i++) {
    swb.push(timeRun([bin, '--version']));
    bare.push(timeRun(['-e', '0']));
  }
  console.log(
    `cold start: swb --version median ${median(swb).toFixed(1)} ms; node -e 0 median ${median(bare).toFixed(1)} ms`,
  );
}

async function login(mock: MockServer): Promise<Record<string, string>> {
  const client = new Client({ baseUrl: mock.url });
  await client.users.login({ username: 'root', password: mock.credentials.users.root.password });
  const token = await client.users.self.generateAccessToken();
  return { SWB_URL: mock.url, SWB_TOKEN: token, SWB_USER: String(mock.credentials.users.root.id) };
}

interface Measured {
  ms: number;
  rssMb: number;
  /** swb's own stderr, without GNU time's line. */
  stderr: string;
  /** Bytes swb wrote to stdout (read through a pipe, so its backpressure is real). */
  stdoutBytes: number;
}

/** The `swb` executable as npm links it: run directly, so its shebang's V8 flags apply. */
const SWB = fileURLToPath(new URL('../packages/cli/bin/swb.cjs', import.meta.url));

/** Runs `swb` under GNU time; resolves to wall milliseconds, peak RSS in MB and its output. */
function measured(args: string[], env: Record<string, string>): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', SWB, ...args], {
      env: { ...process.env, ...env, SWB_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'swb-bench-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdoutBytes = 0;
    child.stdout.on('data', (d: Buffer) => (stdoutBytes += d.length));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`swb ${args.join(' ')} exited ${code}: ${stderr}`));
      const lines = stderr.trim().split('\n');
      const kb = Number(lines.pop());
      resolve({ ms: Date.now() - start, rssMb: kb / 1024, stderr: lines.join('\n'), stdoutBytes });
    });
  });
}

async function codes() {
  const mock = await createMockServer();
  try {
    const out = join(mkdtempSync(join(tmpdir(), 'swb-codes-')), 'codes.csv');
    const r = await measured(
      ['codes', 'create', '--quota', '1', '--count', '10000', '--name', 'bench', '--out', out],
      await login(mock),
    );
    console.log(
      `codes create --count 10000: ${(r.ms / 1000).toFixed(2)} s, peak RSS ${r.rssMb.toFixed(0)} MB`,
    );
  } finally {
    await mock.close();
  }
}

async function logs() {
  const mock = await createMockServer();
  try {
    const total = 1_000_000;
    const seeding = Date.now();
    // Two a second, as a busy gateway writes them, so pages cross seconds shared by several rows.
    seedLogs(sqliteHandleOf(mock.db)!, total, {
      userId: mock.credentials.users.root.id,
      username: 'root',
      newest: Math.floor(Date.now() / 1000) - 3600,
      perSecond: 2,
    });
    console.log(`seeded ${total} logs in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const env = await login(mock);
    for (const format of ['jsonl', 'csv']) {
      const r = await measured(['logs', 'export', '--format', format], env);
      const count = /Exported (\d+)/.exec(r.stderr)?.[1] ?? '?';
      console.log(
        `logs export --format ${format} of ${count} logs: ${(r.ms / 1000).toFixed(1)} s, ` +
          `${(r.stdoutBytes / 1e6).toFixed(0)} MB to a pipe, peak RSS ${r.rssMb.toFixed(0)} MB`,
      );
    }
  } finally {
    await mock.close();
  }
}

const bin = await buildCli();
const which = process.argv[2];
if (!which || which === 'cold') await cold(bin);
if (!which || which === 'codes') await codes();
if (!which || which === 'logs') await logs();
