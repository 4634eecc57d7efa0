import { readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { CliError, usageError } from '../core/errors.js';
import { KEY_REF } from './document.js';

/**
 * Resolves a key reference: `${env:NAME}` from the environment, `${file:path}` from a file relative to
 * the gateway file. A missing variable or file is a usage error naming the reference.
 *
 * A file reference reads any path the invoking user can read (`${file:/home/ci/.ssh/id_ed25519}`,
 * `${file:../../secret}`), and `apply` sends what it read to the server as a channel key. With `root`
 * (`--restrict-file-refs`) the file, symlinks resolved, must lie inside that folder.
 */
export async function resolveKeyRef(
  ref: string,
  env: Readonly<Record<string, string | undefined>>,
  baseFile: string,
  root?: string,
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
  const file = root === undefined ? path : await within(ref, path, root);
  try {
    const value = (await readFile(file, 'utf8')).trim();
    if (!value) throw usageError(`${ref}: ${path} is empty`);
    return value;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw usageError(`${ref}: cannot read ${path}`);
  }
}

/** `path` with its symlinks resolved, when that lies inside `root` (itself resolved); else a usage error. */
async function within(ref: string, path: string, root: string): Promise<string> {
  let real: string;
  let realRoot: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(path);
  } catch {
    throw usageError(`${ref}: cannot read ${path}`);
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw usageError(
      `${ref}: ${path} is outside ${root}; with --restrict-file-refs (SWB_RESTRICT_FILE_REFS) a key file must be inside the gateway file’s folder`,
    );
  return real;
}
