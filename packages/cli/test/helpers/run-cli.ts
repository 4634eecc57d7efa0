import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@switchboard/sdk';
import { createMockServer, type MockServer } from '@switchboard/mock-server';
import type { Io } from '../../src/core/io.js';
import { runCli as run } from '../../src/run.js';

/** Midnight UTC today: fixtures are dated from here, so names, latencies and times repeat within a day. */
export const FIXED_NOW = Math.floor(Date.now() / 86_400_000) * 86_400;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  tty?: boolean;
  answers?: Record<string, string | boolean>;
  signal?: AbortSignal;
  cwd?: string;
  stdin?: string;
}

/** Splits a command line like a shell would for simple cases: spaces, and single or double quotes. */
export function splitArgs(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const m of line.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Runs `swb <line>` in-process with captured output; not a terminal unless `tty`. */
export async function runCli(line: string | string[], opts: RunOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(opts.stdin ?? '');
  const io: Io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    env: { SWB_CONFIG_DIR: opts.env?.['SWB_CONFIG_DIR'] ?? freshConfigDir(), ...opts.env },
    stdoutIsTTY: opts.tty === true,
    stdinIsTTY: opts.tty === true,
    stderrIsTTY: false,
    cwd: opts.cwd ?? process.cwd(),
    signal: opts.signal ?? new AbortController().signal,
    ...(opts.answers ? { answers: opts.answers } : {}),
  };
  const code = await run(Array.isArray(line) ? line : splitArgs(line), io);
  return { code, stdout, stderr };
}

/** An empty config directory, so no test sees the developer's profiles. */
export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'swb-test-'));
}

/** A mock-server plus env that logs the CLI in as `who` (root by default) with a fresh access token. */
export async function startServer(): Promise<{
  mock: MockServer;
  env: (who?: 'root' | 'admin' | 'alice') => Promise<Record<string, string>>;
}> {
  // A fixed clock and seed make every fixture (names, times, latencies) the same on each run.
  const mock = await createMockServer({ seed: 7, now: FIXED_NOW });
  const cache = new Map<string, Record<string, string>>();
  return {
    mock,
    async env(who = 'root') {
      const hit = cache.get(who);
      if (hit) return hit;
      const cred = mock.credentials.users[who];
      const client = new Client({ baseUrl: mock.url });
      await client.users.login({ username: cred.username, password: cred.password });
      const token = await client.users.self.generateAccessToken();
      const env = {
        SWB_URL: mock.url,
        SWB_TOKEN: token,
        SWB_USER: String(cred.id),
        SWB_CONFIG_DIR: freshConfigDir(),
      };
      cache.set(who, env);
      return env;
    },
  };
}
