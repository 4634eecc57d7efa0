import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { translateIssue } from '@switchboard/sdk';
import type { z } from 'zod';
import type { Context } from '../../core/context.js';
import { usageError } from '../../core/errors.js';

/** First zod issue (optionally only for `field`) as `field: message`. */
export function issueText(error: z.ZodError, field?: string): string {
  const issue = field ? error.issues.find((i) => i.path[0] === field) : error.issues[0];
  if (!issue) return '';
  const path = issue.path.join('.');
  const text = translateIssue(issue, 'en');
  return path ? `${path}: ${text}` : text;
}

/** A secret from a file (or stdin with "-"), a flag, or an env var, in that order; undefined if none. */
export async function readSecret(
  ctx: Context,
  file: string | undefined,
  flag: string | undefined,
  envName: string,
): Promise<string | undefined> {
  if (file === '-') return (await readStream(ctx.io.stdin)).trim();
  if (file) {
    try {
      return (await readFile(resolve(ctx.io.cwd, file), 'utf8')).trim();
    } catch (error) {
      throw usageError(`Cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return flag ?? (ctx.io.env[envName] || undefined);
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}
