import { resolve } from 'node:path';
import { BusinessError, REDEMPTION_BATCH_MAX } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { parseCount } from '../../core/args.js';
import { CliError, ExitCode, toCliError, usageError } from '../../core/errors.js';
import { Progress } from '../../core/progress.js';
import { parseQuota } from '../../core/quota.js';
import { CodeFile } from './code-file.js';

interface Opts {
  quota?: string;
  count?: string;
  name?: string;
  out?: string;
  resume?: boolean;
}

export default defineCommand<Opts>({
  path: 'codes create',
  summary: 'Create any number of redemption codes, recorded to a file as they are made',
  description:
    'More than 100 codes are made in successive calls of at most 100. Each code is written to --out the moment ' +
    'the server returns it, so an interruption (an error or Ctrl-C, which lets the call in flight finish) leaves ' +
    'an exact record; rerun the same command with --resume to make only the missing ones. Without --out, codes ' +
    'are printed one per line.',
  options: [
    { flags: '--quota <q>', description: "quota of each code: units, or currency such as '$5'" },
    { flags: '--count <n>', description: 'number of codes', default: '1' },
    { flags: '--name <name>', description: 'name of the codes (1-20 characters)', default: 'swb' },
    { flags: '--out <file>', description: 'write codes to file.csv, file.json or file.txt' },
    { flags: '--resume', description: 'complete an interrupted batch recorded in --out' },
  ],
  examples: [
    "swb codes create --quota '$5' --count 1000 --name promo --out promo.csv",
    "swb codes create --quota '$5' --count 1000 --name promo --out promo.csv --resume   # after a failure",
  ],
  async run(opts, ctx) {
    if (opts.quota === undefined) throw usageError('Missing --quota');
    const total = parseCount(opts.count ?? 1, '--count', 1);
    const name = opts.name ?? 'swb';
    if (name.length < 1 || name.length > 20) throw usageError('--name must be 1 to 20 characters');
    if (opts.resume && !opts.out) throw usageError('--resume needs --out');
    const quota = await parseQuota(opts.quota, ctx);
    const client = ctx.client();
    const file = opts.out
      ? CodeFile.open(resolve(ctx.io.cwd, opts.out), { resume: opts.resume === true, name, quota })
      : undefined;
    let made = file?.count ?? 0;
    if (made > total) throw usageError(`${opts.out} already holds ${made} codes, more than --count ${total}`);
    if (made > 0) ctx.out.note(`Resuming: ${made} of ${total} codes already in ${opts.out}.`);
    const progress = new Progress(ctx.io, total, 'Codes', file !== undefined);
    progress.tick(made);
    const record = (keys: string[]) => {
      if (file) file.append(keys);
      else for (const key of keys) ctx.io.stdout.write(key + '\n');
      made += keys.length;
      progress.tick(keys.length);
    };
    try {
      while (made < total) {
        // Ctrl-C is honoured between calls: a call in flight may already have made codes, so it is awaited.
        if (ctx.io.signal.aborted) throw new CliError('Interrupted.', ExitCode.Cancelled);
        const count = Math.min(REDEMPTION_BATCH_MAX, total - made);
        try {
          record(await client.redemptions.create({ name, quota, count }));
        } catch (error) {
          const partial = error instanceof BusinessError ? keysOf(error.body) : [];
          if (partial.length) record(partial);
          throw error;
        }
      }
    } catch (error) {
      progress.done();
      file?.close(false);
      const cli = toCliError(error);
      const where = file ? `; ${made} of ${total} recorded in ${opts.out}` : `; ${made} of ${total} printed`;
      const hint = file
        ? `swb codes create --quota '${opts.quota}' --count ${total} --name ${name} --out ${opts.out} --resume`
        : undefined;
      throw new CliError(`${cli.message}${where}`, cli.code, hint);
    }
    progress.done();
    file?.close(true);
    if (file) ctx.out.success(`Created ${total} code(s) in ${opts.out}.`);
  },
});

function keysOf(body: unknown): string[] {
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>)['data'] : undefined;
  return Array.isArray(data) ? data.filter((k): k is string => typeof k === 'string') : [];
}
