import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** new-api starts a new file after this many lines (`maxLogCount`). */
export const LINES_PER_FILE = 1_000_000;

const stamp = (d: Date) =>
  [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
    .join('');

/**
 * The log's destination with `--log-dir`: each line goes to stderr, as without it, and to
 * `<dir>/switchboard-YYYYMMDDHHMMSS.log` (new-api's `oneapi-…` files), a new file every {@link LINES_PER_FILE}
 * lines. Writes are synchronous, so nothing logged before an exit is lost.
 */
export class LogFiles {
  private fd: number;
  private lines = 0;

  constructor(
    private readonly dir: string,
    private readonly echo: { write(line: string): unknown } = process.stderr,
    private readonly perFile = LINES_PER_FILE,
  ) {
    this.fd = this.open();
  }

  /** The file being written. */
  path = '';

  write(line: string): void {
    this.echo.write(line);
    writeSync(this.fd, line);
    this.lines += 1;
    if (this.lines >= this.perFile) {
      closeSync(this.fd);
      this.lines = 0;
      this.fd = this.open();
    }
  }

  private open(): number {
    // Appended to, as new-api does: a file started within the same second continues the last one.
    this.path = join(this.dir, `switchboard-${stamp(new Date())}.log`);
    return openSync(this.path, 'a', 0o644);
  }
}
