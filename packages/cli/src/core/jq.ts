import { createRequire } from 'node:module';
import { usageError } from './errors.js';

interface Jq {
  raw(json: string, filter: string, flags?: string[]): string;
}

let loaded: Promise<Jq> | undefined;

/** Runs a jq filter (jq compiled to WebAssembly, shipped in the jq-web package) over a value; strings print raw. */
export async function runJq(value: unknown, filter: string): Promise<string> {
  // jq-web is CommonJS exporting a promise; require keeps it intact (and finds jq.wasm beside it).
  loaded ??= createRequire(import.meta.url)('jq-web') as Promise<Jq>;
  const jq = await loaded;
  try {
    return jq.raw(JSON.stringify(value), filter, ['-r']).replace(/\n$/, '');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw usageError(`Invalid --jq expression: ${message.replace(/^Non-zero exit code: \d+\s*/, '').trim()}`);
  }
}
