import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ApiError } from '@switchboard/sdk';
import { parse as parseYaml } from 'yaml';
import type { Context } from '../core/context.js';
import { usageError } from '../core/errors.js';
import type { DiffOptions } from './diff.js';
import { parseDoc, type GatewayDoc } from './document.js';

/** Reads a gateway file (YAML or JSON; "-" for stdin) and validates it. */
export async function loadDoc(ctx: Context, file: string): Promise<{ doc: GatewayDoc; path: string }> {
  const path = file === '-' ? resolve(ctx.io.cwd, 'stdin.yaml') : resolve(ctx.io.cwd, file);
  let text: string;
  try {
    text = file === '-' ? await readAll(ctx.io.stdin) : await readFile(path, 'utf8');
  } catch {
    throw usageError(`Cannot read ${file}`, 'swb export -f gateway.yaml');
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw usageError(`${file}: not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  return { doc: parseDoc(value, file, ctx.lang), path };
}

/** How `plan` and `apply` diff the file at `path` (from `loadDoc`) against the current server. */
export function diffOptions(
  ctx: Context,
  path: string,
  flags: { prune?: boolean | undefined; restrictFileRefs?: boolean | undefined },
): DiffOptions {
  return {
    prune: flags.prune === true,
    env: ctx.io.env,
    file: path,
    fileRoot: restrictFileRefs(ctx, flags.restrictFileRefs) ? dirname(path) : undefined,
    server: ctx.settings().url ?? '',
    revealKey: keyReader(ctx),
  };
}

/** The `--restrict-file-refs` option shared by plan and apply. */
export const RESTRICT_FILE_REFS_OPTION = {
  flags: '--restrict-file-refs',
  description:
    'read ${file:…} keys only from inside the gateway file’s folder (env SWB_RESTRICT_FILE_REFS=1; for CI on untrusted changes)',
};

/** Whether `${file:…}` references are confined: the flag, or SWB_RESTRICT_FILE_REFS set to anything but 0/false. */
export function restrictFileRefs(ctx: Context, flag: boolean | undefined): boolean {
  if (flag) return true;
  const env = ctx.io.env['SWB_RESTRICT_FILE_REFS']?.trim().toLowerCase();
  return env !== undefined && env !== '' && env !== '0' && env !== 'false';
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * Reads channel keys for comparison. After the first refusal (not root, a server without the endpoint,
 * a rate limit) it stops asking and the plan says the key cannot be compared.
 */
export function keyReader(ctx: Context): (id: number) => Promise<string | undefined> {
  let allowed = true;
  return async (id) => {
    if (!allowed) return undefined;
    try {
      return await ctx.client().channels.revealKey(id, ctx.req);
    } catch (error) {
      if (error instanceof ApiError) {
        allowed = false;
        return undefined;
      }
      throw error;
    }
  };
}
