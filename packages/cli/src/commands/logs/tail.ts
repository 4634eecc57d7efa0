import type { Log } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { parseCount } from '../../core/args.js';
import { timeText } from '../../core/format.js';
import { LOG_FILTER_OPTIONS, logParams, type LogFilterFlags } from './filters.js';

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
    const logs = ctx.client().logs;
    const fetch = async (size: number) =>
      (await (opts.self ? logs.listSelf : logs.list).call(logs, { ...params, pageSize: size }, ctx.req))
        .items;
    const print = (entries: Log[]) => {
      for (const l of entries) {
        if (ctx.out.format === 'json') ctx.io.stdout.write(JSON.stringify(l) + '\n');
        else
          ctx.io.stdout.write(
            [timeText(l.created_at), l.username, l.token_name, l.model_name, l.quota, l.content].join('\t') +
              '\n',
          );
      }
    };
    const first = await fetch(parseCount(opts.lines ?? 10, '--lines', 1));
    let lastId = first.reduce((max, l) => Math.max(max, l.id), 0);
    print(first.reverse());
    if (!opts.follow) return;
    const waitMs = Math.max(0.2, Number(opts.interval) || 2) * 1000;
    while (!ctx.io.signal.aborted) {
      await sleep(waitMs, ctx.io.signal);
      if (ctx.io.signal.aborted) break;
      const fresh = (await fetch(100)).filter((l) => l.id > lastId);
      lastId = fresh.reduce((max, l) => Math.max(max, l.id), lastId);
      print(fresh.reverse());
    }
    return 130;
  },
});

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
