import type { ChalkInstance } from 'chalk';
import { stringify as toYaml } from 'yaml';
import { usageError } from './errors.js';
import { cellText, jsonText, quotaText, timeText, type QuotaDisplay } from './format.js';
import type { Io } from './io.js';
import { safeText } from './safe-text.js';

/** A table column: `key` is the JSON field (used by `--json key,…` and CSV), `show` the cell text. */
export interface Column<T> {
  key: string;
  header?: string;
  kind?: 'quota' | 'time';
  /** Cell text; `quota` renders a quota the way the server displays it. Escaped like raw values. */
  show?: (row: T, fmt: { quota(n: number): string }) => string;
  /** `show` colours fixed words (no server text), so its escapes are kept. */
  styled?: boolean;
}

export type Format = 'table' | 'tsv' | 'json' | 'yaml' | 'csv';
const FORMATS: readonly Format[] = ['table', 'tsv', 'json', 'yaml', 'csv'];

/** Output flags every read command takes. */
export interface OutputFlags {
  output?: string;
  json?: string | boolean;
  jq?: string;
}

/**
 * Renders data to stdout in the chosen format; messages go to stderr. Text formats (table, tsv, csv,
 * item lines, messages) escape control characters in server text (see `safeText`); json and yaml are exact.
 */
export class Output {
  readonly format: Format;
  readonly #fields: string[] | undefined;

  constructor(
    private readonly io: Io,
    flags: OutputFlags,
    readonly color: ChalkInstance,
    private readonly quotaDisplay: () => Promise<QuotaDisplay | undefined>,
  ) {
    const wanted = flags.jq !== undefined || flags.json !== undefined ? 'json' : flags.output;
    if (wanted !== undefined && !FORMATS.includes(wanted as Format))
      throw usageError(`Unknown output format "${wanted}": use ${FORMATS.join(', ')}`);
    this.format = (wanted as Format | undefined) ?? (io.stdoutIsTTY ? 'table' : 'tsv');
    this.#fields = typeof flags.json === 'string' && flags.json !== '' ? flags.json.split(',') : undefined;
    this.jq = flags.jq;
  }

  readonly jq: string | undefined;

  /** Whether output is for machines (no colour, no progress). */
  get machine(): boolean {
    return this.format !== 'table';
  }

  /** Prints a list. */
  async list<T extends object>(rows: readonly T[], columns: readonly Column<T>[]): Promise<void> {
    if (await this.#structured(rows.map((r) => this.#pick(r)))) return;
    if (this.format === 'csv') return this.#csv(rows, columns);
    const cells = await this.#cells(rows, columns);
    if (this.format === 'tsv') {
      for (const line of cells) this.io.stdout.write(line.join('\t') + '\n');
      return;
    }
    if (rows.length === 0) {
      this.io.stderr.write('No results.\n');
      return;
    }
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: columns.map((c) => this.color.bold(c.header ?? c.key.toUpperCase())),
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
      chars: BORDERLESS,
    });
    for (const line of cells) table.push(line);
    const lines = table
      .toString()
      .split('\n')
      .map((l) => l.trimEnd());
    this.io.stdout.write(lines.filter((l) => l !== '').join('\n') + '\n');
  }

  /** Prints one object as field/value lines. */
  async item<T extends object>(row: T, columns: readonly Column<T>[]): Promise<void> {
    if (await this.#structured(this.#pick(row))) return;
    if (this.format === 'csv') return this.#csv([row], columns);
    const [cells] = await this.#cells([row], columns);
    const width = Math.max(...columns.map((c) => (c.header ?? c.key).length));
    columns.forEach((c, i) => {
      const label = c.header ?? c.key;
      const line =
        this.format === 'tsv'
          ? `${c.key}\t${cells![i]}`
          : `${this.color.bold(label.padEnd(width))}  ${cells![i]}`;
      this.io.stdout.write(line + '\n');
    });
  }

  /** Prints a value that has no table form (JSON in every format but yaml). */
  async value(value: unknown): Promise<void> {
    if (await this.#structured(value)) return;
    this.io.stdout.write((typeof value === 'string' ? value : JSON.stringify(value, null, 2)) + '\n');
  }

  /** A status line on stderr (✓ Created …). */
  success(text: string): void {
    this.io.stderr.write(`${this.color.green('✓')} ${safeText(text, '\n')}\n`);
  }

  note(text: string): void {
    this.io.stderr.write(`${safeText(text, '\n')}\n`);
  }

  warn(text: string): void {
    this.io.stderr.write(`${this.color.yellow('!')} ${safeText(text, '\n')}\n`);
  }

  async #structured(value: unknown): Promise<boolean> {
    if (this.format === 'json') {
      if (this.jq !== undefined) {
        const { runJq } = await import('./jq.js');
        const out = await runJq(value, this.jq);
        if (out !== '') this.io.stdout.write(out + '\n');
      } else this.io.stdout.write(jsonText(value));
      return true;
    }
    if (this.format === 'yaml') {
      this.io.stdout.write(toYaml(value));
      return true;
    }
    return false;
  }

  #pick<T extends object>(row: T): unknown {
    if (!this.#fields) return row;
    const record = row as Record<string, unknown>;
    return Object.fromEntries(this.#fields.map((f) => [f, record[f]]));
  }

  async #cells<T>(rows: readonly T[], columns: readonly Column<T>[]): Promise<string[][]> {
    const display = columns.some((c) => c.kind === 'quota') ? await this.quotaDisplay() : undefined;
    return rows.map((row) =>
      columns.map((c) => {
        if (c.show) {
          const text = c.show(row, { quota: (n) => quotaText(n, display) });
          return c.styled ? text : safeText(text);
        }
        const raw = (row as Record<string, unknown>)[c.key];
        if (c.kind === 'quota') return quotaText(Number(raw ?? 0), display);
        if (c.kind === 'time') return timeText(Number(raw ?? 0));
        return safeText(cellText(raw));
      }),
    );
  }

  #csv<T>(rows: readonly T[], columns: readonly Column<T>[]): void {
    this.io.stdout.write(columns.map((c) => c.key).join(',') + '\n');
    for (const row of rows)
      this.io.stdout.write(
        columns.map((c) => csvCell(safeText(cellText((row as Record<string, unknown>)[c.key])))).join(',') +
          '\n',
      );
  }
}

/** Quotes a CSV cell when it holds a comma, quote or newline (callers pass `safeText`, so no newline). */
export function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};
