import type { Log } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { parseCount } from '../../core/args.js';
import { timeText } from '../../core/format.js';
import { safeText } from '../../core/safe-text.js';
import { LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';
import { take, WALK_PAGE_SIZE, logPages, walkLogs } from './walk.js';

export default defineCommand<LogFilterFlags & { follow?: boolean; lines?: string; interval?: string }>({
  path: 'logs tail',
  summary: 'Print the latest logs; --follow keeps printing new ones as they land',
  options: [
    ...LOG_FILTER_OPTIONS,
    { flags: '-f, --follow', description: 'keep polling for new entries until Ctrl-C' },
    { flags: '-n, --lines <n>', description: 'entries to show first', default: '10' },
    { flags: '--interval <seconds>', description: 'poll interval with --follow', default: '2' },
  ],
  output: true,
  examples: ['swb logs tail -f --type consume', 'swb logs tail -n 50 --json'],
  async run(opts, ctx) {
    const params = logParams(opts);
    const fetchPage = logPages(ctx.client().logs, opts.self, ctx.req);
    const print = (entries: Log[]) => {
      let chunk = '';
      for (const l of entries) {
        chunk +=
          ctx.out.format === 'json'
            ? JSON.stringify(l) + '\n'
            : [timeText(l.created_at), l.username, l.token_name, l.model_name, l.quota, l.content]
                .map((cell) => safeText(String(cell)))
                .join('\t') + '\n';
      }
      if (chunk) ctx.io.stdout.write(chunk);
    };
    const lines = parseCount(opts.lines ?? 10, '--lines', 1);
    const first = await take(walkLogs(fetchPage, params, Math.min(WALK_PAGE_SIZE, lines)), lines);
    print([...first].reverse());
    if (!opts.follow) return;
    // New rows are told apart by position, not id (own logs show ids modulo 1024): every row from second
    // `since` on, minus the `known` rows of that second seen before, which come last in it (lowest ids).
    let since = first[0]?.created_at;
    let known = atSecond(first, since);
    if (since !== undefined && known === lines)
      known = atSecond(await take(walkLogs(fetchPage, { ...params, start_timestamp: since })), since);
    const waitMs = Math.max(0.2, Number(opts.interval) || 2) * 1000;
    while (!ctx.io.signal.aborted) {
      await sleep(waitMs, ctx.io.signal);
      if (ctx.io.signal.aborted) break;
      const window = since === undefined ? params : { ...params, start_timestamp: since };
      const rows = await take(walkLogs(fetchPage, window));
      if (rows.length === 0) continue;
      print(rows.slice(0, rows.length - Math.min(known, atSecond(rows, since))).reverse());
      since = rows[0]!.created_at;
      known = atSecond(rows, since);
    }
    return 130;
  },
});

/** How many rows of `rows` (newest first) were created in second `second`. */
function atSecond(rows: Log[], second: number | undefined): number {
  return rows.filter((l) => l.created_at === second).length;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
