// Benchmarks of swb (not tests; heavy, so run them alone): `npm run bench:cli [cold|codes|logs]`.
//   cold   `swb --version` from the bundle, median of 30 starts, beside bare `node -e 0`   (target ≤ 100 ms)
//   codes  `swb codes create --count 10000` against mock-server, as a real process        (target ≤ 10 s)
//   logs   `swb logs export` of 1,000,000 logs, peak RSS of the swb process                (target ≤ 100 MB)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@switchboard/sdk';
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import { buildCli } from './build-cli.mjs';

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

/** Runs swb under GNU time; resolves to wall milliseconds and peak RSS in MB. */
function measured(
  bin: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ ms: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, ...args], {
      env: { ...process.env, ...env, SWB_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'swb-bench-')) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`swb ${args.join(' ')} exited ${code}: ${stderr}`));
      const kb = Number(stderr.trim().split('\n').at(-1));
      resolve({ ms: Date.now() - start, rssMb: kb / 1024 });
    });
  });
}

async function codes(bin: string) {
  const mock = await createMockServer();
  try {
    const out = join(mkdtempSync(join(tmpdir(), 'swb-codes-')), 'codes.csv');
    const r = await measured(
      bin,
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

async function logs(bin: string) {
  const mock = await createMockServer();
  try {
    const total = 1_000_000;
    const row = {
      user_id: 1,
      username: 'root',
      type: 2,
      content: 'bench',
      model_name: 'gpt-4o-mini',
      quota: 10,
      prompt_tokens: 5,
      completion_tokens: 5,
      token_name: 'bench',
      channel_id: 1,
    };
    const now = Math.floor(Date.now() / 1000) - 3600;
    // 2,000 rows × 11 columns stays under SQLite's 32,766 bound variables per statement.
    for (let i = 0; i < total; i += 2000)
      await mock.db
        .insertInto('logs')
        .values(
          Array.from({ length: Math.min(2000, total - i) }, (_, j) => ({
            ...row,
            created_at: now - i - j,
          })) as never,
        )
        .execute();
    const r = await measured(
      bin,
      ['logs', 'export', '--format', 'jsonl', '--out', '/dev/null'],
      await login(mock),
    );
    console.log(
      `logs export of ${total + 1000} logs: ${(r.ms / 1000).toFixed(1)} s, peak RSS ${r.rssMb.toFixed(0)} MB`,
    );
  } finally {
    await mock.close();
  }
}

const bin = await buildCli();
const which = process.argv[2];
if (!which || which === 'cold') await cold(bin);
if (!which || which === 'codes') await codes(bin);
if (!which || which === 'logs') await logs(bin);
