import type { Io } from './io.js';

/** A one-line progress bar on stderr; silent when stderr is not a terminal or output is JSON. */
export class Progress {
  #done = 0;
  #last = 0;
  readonly #enabled: boolean;

  constructor(
    private readonly io: Io,
    private readonly total: number,
    private readonly label: string,
    enabled = true,
  ) {
    this.#enabled = enabled && io.stderrIsTTY && !io.env['NO_PROGRESS'];
  }

  tick(n = 1): void {
    this.#done += n;
    if (!this.#enabled) return;
    const now = Date.now();
    if (now - this.#last < 50 && this.#done < this.total) return;
    this.#last = now;
    const width = 24;
    const ratio = this.total > 0 ? Math.min(1, this.#done / this.total) : 1;
    const filled = Math.round(ratio * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    this.io.stderr.write(`\r${this.label} ${bar} ${this.#done}/${this.total}`);
  }

  done(): void {
    if (this.#enabled) this.io.stderr.write('\n');
  }
}
