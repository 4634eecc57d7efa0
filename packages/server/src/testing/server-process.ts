import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '..', 'main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the server listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
}

/** The real server (main.ts under tsx) as a child process, for tests of signals, crashes and restarts. */
export function startServerProcess(env: Record<string, string>, args: readonly string[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('exit', r));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return { child, output: () => out, ready, exited };
}
