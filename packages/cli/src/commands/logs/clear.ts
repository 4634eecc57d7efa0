import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { parseTime, timeText } from '../../core/format.js';

export default defineCommand<{ before?: string }>({
  path: 'logs clear',
  summary: 'Delete logs older than a date',
  options: [
    { flags: '--before <time>', description: 'delete logs before this (30d, 2026-01-01, unix seconds)' },
  ],
  examples: ['swb logs clear --before 90d --yes'],
  async run(opts, ctx) {
    if (!opts.before) throw usageError('Missing --before');
    const ts = parseTime(opts.before);
    if (ts === undefined) throw usageError(`--before: cannot read "${opts.before}" as a time`);
    await ctx.prompts.confirm(`Delete every log before ${timeText(ts)}?`);
    const count = await ctx.client().logs.delete(ts, ctx.req);
    ctx.out.success(`Deleted ${count} log(s).`);
  },
});
