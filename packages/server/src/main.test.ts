import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  ready: Promise<void>;
} {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, output: () => out, ready };
}

describe('the server process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('starts on a fresh data dir, warns about the default root password, and drains on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'swb-main-'));
    const proc = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    child = proc.child;
    await proc.ready;
    expect(proc.output()).toContain('DEFAULT password 123456');
    const base = `http://127.0.0.1:${port}`;
    expect(((await (await fetch(`${base}/api/status`)).json()) as { success: boolean }).success).toBe(true);
    // A login is in flight (bcrypt takes a while) when the signal arrives: it must still be answered.
    const login = fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: '123456' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((r) => proc.child.on('exit', r));
    proc.child.kill('SIGTERM');
    const res = await login;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { username: string } }).data.username).toBe('root');
    expect(await exited).toBe(0);
  }, 30_000);

  it('stops at once with one clear line on a configuration mistake', async () => {
    const proc = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'swb-main-')) });
    child = proc.child;
    const code = await new Promise<number | null>((r) => proc.child.on('exit', r));
    expect(code).toBe(1);
    expect(proc.output().trim()).toBe('switchboard: PORT must be an integer ≥ 0, got "eighty"');
    await proc.ready.catch(() => undefined);
  }, 30_000);
});
