/** The process streams and environment a command sees; tests pass captured ones. */
export interface Io {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  stdin: NodeJS.ReadableStream;
  env: Readonly<Record<string, string | undefined>>;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  cwd: string;
  /** Aborted on Ctrl-C: a long command stops cleanly and exits 130. */
  signal: AbortSignal;
  /** Prompt answers by exact message, for tests; makes prompts interactive without a terminal. */
  answers?: Readonly<Record<string, string | boolean>>;
}

/** The real process as an `Io`. */
export function processIo(signal: AbortSignal): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    cwd: process.cwd(),
    signal,
  };
}
