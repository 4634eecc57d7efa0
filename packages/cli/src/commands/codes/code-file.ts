import { appendFileSync, existsSync, closeSync, fsyncSync, openSync, readFileSync, statSync } from 'node:fs';
import { usageError } from '../../core/errors.js';

export type CodeFileFormat = 'csv' | 'json' | 'txt';

/** The format of an output file, from its extension. */
export function codeFileFormat(path: string): CodeFileFormat {
  const ext = /\.(csv|json|txt)$/i.exec(path)?.[1]?.toLowerCase();
  if (!ext) throw usageError(`--out must end in .csv, .json or .txt, got "${path}"`);
  return ext as CodeFileFormat;
}

/**
 * An append-only record of generated codes: each batch is appended and fsynced as soon as the server
 * answers, so an interruption leaves exactly the codes that exist. JSON is written as one key per line
 * inside `[` … `]`; the closing bracket is added only when the batch completes (`finish`).
 */
export class CodeFile {
  readonly #fd: number;
  #count: number;
  #terminated = false;

  private constructor(
    readonly path: string,
    readonly format: CodeFileFormat,
    fd: number,
    count: number,
  ) {
    this.#fd = fd;
    this.#count = count;
  }

  /** Opens a new file (refusing to overwrite) or, with `resume`, an existing one; reports the keys already in it. */
  static open(path: string, opts: { resume: boolean; name: string; quota: number }): CodeFile {
    const format = codeFileFormat(path);
    let existing: string[] = [];
    const exists = existsSync(path) && statSync(path).isFile();
    if (exists && !opts.resume)
      throw usageError(`${path} exists: pass --resume to complete that batch, or choose another --out`);
    let terminated = false;
    if (exists) {
      const text = readFileSync(path, 'utf8');
      existing = readKeys(text, format);
      terminated = format === 'json' && text.trimEnd().endsWith(']');
    }
    const fd = openSync(path, 'a', 0o600);
    const file = new CodeFile(path, format, fd, existing.length);
    if (!exists || existing.length === 0) {
      const size = exists ? statSync(path).size : 0;
      if (size === 0 && format === 'csv') file.#write('key,name,quota\n');
      if (size === 0 && format === 'json') file.#write('[\n');
    }
    file.meta = opts;
    file.#terminated = terminated;
    return file;
  }

  meta: { name: string; quota: number } = { name: '', quota: 0 };

  /** Keys recorded so far (including those from before a resume). */
  get count(): number {
    return this.#count;
  }

  /** Appends keys and flushes them to disk. */
  append(keys: readonly string[]): void {
    if (keys.length === 0) return;
    let text = '';
    for (const key of keys) {
      if (this.format === 'csv') text += `${key},${this.meta.name},${this.meta.quota}\n`;
      else if (this.format === 'json')
        text += `${this.#count === 0 && text === '' ? '  ' : ',\n  '}${JSON.stringify(key)}`;
      else text += `${key}\n`;
    }
    this.#write(text);
    this.#count += keys.length;
  }

  /** Closes the file; a complete JSON batch gets its closing bracket. */
  close(complete: boolean): void {
    if (complete && this.format === 'json' && !this.#terminated) this.#write('\n]\n');
    closeSync(this.#fd);
  }

  #write(text: string): void {
    appendFileSync(this.#fd, text);
    fsyncSync(this.#fd);
  }
}

/** Reads the keys of a (possibly interrupted) code file. */
export function readKeys(text: string, format: CodeFileFormat): string[] {
  if (format === 'json') return [...text.matchAll(/"([^"\\]+)"/g)].map((m) => m[1]!);
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (format === 'csv') return lines.slice(lines[0]?.startsWith('key,') ? 1 : 0).map((l) => l.split(',')[0]!);
  return lines;
}
