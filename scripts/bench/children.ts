// Child processes of the benchmark: each target runs in its own process so it does not share an event loop
// (and, as far as two cores allow, a CPU) with the load generator.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

export interface Child {
  pid: number;
  port: number;
  /** SIGTERM, then waits for exit (bounded: SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** `node --conditions=source --import tsx`, the way every workspace script runs TypeScript sources. */
export const TSX_NODE = ['--conditions=source', '--import', 'tsx'];

/**
 * Starts `node <args>` and resolves once a stdout line matches `ready` (its first group is the port, unless
 * `port` is given). Fails after `timeoutMs` or when the child exits first, with its stderr tail.
 */
export function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  opts: { port?: number; timeoutMs?: number } = {},
): Promise<Child> {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let stopping = false;
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${args.at(-1)} did not start in time:\n${err}`));
    }, opts.timeoutMs ?? 30_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.at(-1)} exited with ${code} before it was ready:\n${out}\n${err}`));
    });
    proc.stdout!.on('data', (d: Buffer) => {
      out = (out + d.toString()).slice(-4000);
      const m = ready.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.removeAllListeners('exit');
      // A target gone mid-run is otherwise only seen as refused connections: say so, and how it ended (a
      // server's exit code 0 is its SIGTERM/SIGINT shutdown: something outside the benchmark stopped it).
      proc.once('exit', (code, signal) => {
        if (!stopping)
          console.error(`${args.at(-1)} exited (${code ?? signal}) before the run was over:\n${err}`);
      });
      proc.stdout!.removeAllListeners('data');
      proc.stdout!.resume();
      resolve({
        pid: proc.pid!,
        port: opts.port ?? Number(m[1]),
        stop: (g) => {
          stopping = true;
          return stopChild(proc, g);
        },
      });
    });
  });
}

function stopChild(proc: ChildProcess, graceMs = 10_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    proc.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

/** A port free right now on loopback, for servers that must be told their port up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Resident set size of a process in MB, from /proc (Linux); undefined elsewhere or once it is gone. `peak`:
 * the highest it has been since the process started (VmHWM).
 */
export function rssMb(pid: number, peak = false): number | undefined {
  try {
    const field = peak ? /VmHWM:\s+(\d+) kB/ : /VmRSS:\s+(\d+) kB/;
    const m = field.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; answers the maximum seen, in MB. */
export function sampleRss(pid: number, everyMs = 100): { stop(): number | undefined } {
  let max: number | undefined;
  const take = () => {
    const v = rssMb(pid);
    if (v !== undefined) max = Math.max(max ?? 0, v);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return max;
    },
  };
}

/**
 * CPU time (user + system) a process (`mainThreadOnly`: its main thread) has used so far, in ms, from /proc
 * (Linux); undefined elsewhere.
 */
export function cpuMs(pid: number, mainThreadOnly = false): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
    // The main thread's own figures are its task's, whose id is the process's.
    const file = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const rest = readFileSync(file, 'utf8').split(')').at(-1)!.trim().split(' ');
    return ((Number(rest[11]) + Number(rest[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ; 100 on every kernel configuration this runs on. */
const CLOCK_TICKS = 100;

/**
 * The fixed parts of every relay run: the fake upstream and the bare pass-through proxy in front of it, each in
 * its own process; pushed onto `children` as they start, so a failure still stops what did.
 */
export async function startUpstreamAndBare(children: Child[]): Promise<{ upstreamUrl: string; bare: Child }> {
  const upstream = await startChild(
    [...TSX_NODE, 'scripts/bench/fake-upstream.ts'],
    { PORT: '0' },
    /listening (\d+)/,
  );
  children.push(upstream);
  const upstreamUrl = `http://127.0.0.1:${upstream.port}`;
  const bare = await startChild(
    [...TSX_NODE, 'scripts/bench/bare-proxy.ts'],
    { PORT: '0', UPSTREAM: upstreamUrl },
    /listening (\d+)/,
  );
  children.push(bare);
  return { upstreamUrl, bare };
}
