import type { Channel } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { ExitCode, toCliError, usageError } from '../../core/errors.js';
import { Progress } from '../../core/progress.js';

interface Row {
  id: number;
  name: string;
  success: boolean;
  latency_ms: number;
  message: string;
}

export default defineCommand<{ id?: string; all?: boolean; model?: string; concurrency?: string }>({
  path: 'channels test',
  summary: 'Send a test request through a channel, or every channel with --all',
  description: 'Exits 1 when any tested channel fails, so it can gate a deploy.',
  args: [{ name: 'id', description: 'channel id (omit with --all)' }],
  options: [
    { flags: '--all', description: 'test every channel, with a progress bar and a result table' },
    { flags: '--model <model>', description: 'model to test (default: the channel’s test model)' },
    { flags: '--concurrency <n>', description: 'channels tested at once with --all', default: '4' },
  ],
  output: true,
  examples: ['swb channels test 3', 'swb channels test --all', 'swb channels test --all --json'],
  async run(opts, ctx) {
    const client = ctx.client();
    let channels: Pick<Channel, 'id' | 'name'>[];
    if (opts.all)
      channels = await client.channels
        .list({ pageSize: 100 }, ctx.req)
        .then((p) => p.toArray({ limit: 100_000 }));
    else if (opts.id) channels = [{ id: parseId(opts.id), name: '' }];
    else throw usageError('Pass a channel id or --all.');
    const progress = new Progress(ctx.io, channels.length, 'Testing', opts.all === true && !ctx.out.machine);
    const outcomes = await client.channels.testMany(
      channels,
      {
        concurrency: Math.max(1, Math.min(Number(opts.concurrency) || 4, 16)),
        model: opts.model,
        onOutcome: () => progress.tick(),
      },
      ctx.req,
    );
    progress.done();
    const rows: Row[] = outcomes.map((o) => ({
      id: o.channel.id,
      name: o.channel.name,
      success: o.success,
      latency_ms: Math.round(o.time * 1000),
      message: o.error === undefined ? o.message : toCliError(o.error).message,
    }));
    if (!opts.all && (ctx.out.format === 'table' || ctx.out.format === 'tsv')) {
      const r = rows[0]!;
      if (r.success) ctx.out.success(`Channel ${r.id} answered in ${r.latency_ms} ms.`);
      else ctx.out.warn(`Channel ${r.id} failed: ${r.message}`);
    } else
      await ctx.out.list(rows, [
        { key: 'id' },
        { key: 'name' },
        {
          key: 'success',
          header: 'RESULT',
          show: (r) => (r.success ? ctx.color.green('ok') : ctx.color.red('failed')),
          styled: true,
        },
        { key: 'latency_ms', header: 'LATENCY', show: (r) => (r.success ? `${r.latency_ms} ms` : '-') },
        { key: 'message' },
      ]);
    return rows.every((r) => r.success) ? 0 : ExitCode.Failure;
  },
});
