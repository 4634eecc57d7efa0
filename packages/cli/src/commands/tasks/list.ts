import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION, pageSize } from '../../core/args.js';
import { drawingRow, MINE_OPTION, musicRow, PLATFORM_OPTION, platformOf, TASK_COLUMNS } from './rows.js';

export default defineCommand<{
  limit?: string;
  all?: boolean;
  platform?: string;
  mine?: boolean;
  status?: string;
}>({
  path: 'tasks list',
  summary: 'List drawing (Midjourney) and music (Suno) tasks, newest first',
  options: [
    LIMIT_OPTION,
    ALL_OPTION,
    PLATFORM_OPTION,
    MINE_OPTION,
    { flags: '--status <status>', description: 'only tasks in this status (SUCCESS, FAILURE, IN_PROGRESS…)' },
  ],
  output: true,
  examples: ['swb tasks list', 'swb tasks list --platform suno --mine --json task_id,status,progress'],
  async run(opts, ctx) {
    const platform = platformOf(opts.platform);
    const client = ctx.client();
    const size = { pageSize: pageSize(opts) };
    const rows = [];
    if (platform !== 'suno') {
      const list = opts.mine ? client.drawings.listSelf(size, ctx.req) : client.drawings.list(size, ctx.req);
      rows.push(...(await collect(list, opts)).map(drawingRow));
    }
    if (platform !== 'mj') {
      const params = { ...size, ...(opts.status ? { status: opts.status as never } : {}) };
      const list = opts.mine ? client.tasks.listSelf(params, ctx.req) : client.tasks.list(params, ctx.req);
      rows.push(...(await collect(list, opts)).map(musicRow));
    }
    const shown = rows
      .filter((r) => !opts.status || r.status === opts.status)
      .sort((a, b) => b.submit_time - a.submit_time);
    await ctx.out.list(opts.all ? shown : shown.slice(0, Number(opts.limit ?? 100)), TASK_COLUMNS);
  },
});
