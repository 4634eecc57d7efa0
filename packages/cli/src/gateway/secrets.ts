import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { usageError } from '../core/errors.js';
import { KEY_REF } from './document.js';

/**
 * Resolves a key reference: `${env:NAME}` from the environment, `${file:path}` from a file relative to
 * the gateway file. A missing variable or file is a usage error naming the reference.
 */
export async function resolveKeyRef(
  ref: string,
  env: Readonly<Record<string, string | undefined>>,
  baseFile: string,
): Promise<string> {
  const m = KEY_REF.exec(ref);
  if (!m) throw usageError(`"${ref}" is not a key reference`);
  const [, kind, name] = m;
  if (kind === 'env') {
    const value = env[name!];
    if (value === undefined || value === '')
      throw usageError(`${ref}: the environment variable ${name} is not set`);
    return value.trim();
  }
  const path = resolve(dirname(baseFile), name!);
  try {
    const value = (await readFile(path, 'utf8')).trim();
    if (!value) throw usageError(`${ref}: ${path} is empty`);
    return value;
  } catch (error) {
    if (error instanceof Error && error.name === 'CliError') throw error;
    throw usageError(`${ref}: cannot read ${path}`);
  }
}
