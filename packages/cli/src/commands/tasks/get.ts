import { CliError, ExitCode } from '../../core/errors.js';
import { defineCommand } from '../../core/command.js';
import {
  drawingRow,
  MINE_OPTION,
  musicRow,
  PLATFORM_OPTION,
  platformOf,
  TASK_DETAIL_COLUMNS,
} from './rows.js';

export default defineCommand<{ id: string; platform?: string; mine?: boolean }>({
  path: 'tasks get',
  summary: 'Show one drawing or music task by its upstream id (with its image, buttons or clips in --json)',
  args: [{ name: 'id', description: 'the task id the drawing proxy or Suno gave', required: true }],
  options: [PLATFORM_OPTION, MINE_OPTION],
  output: true,
  examples: ['swb tasks get 1700000000001', 'swb tasks get 5b6c0e3e-… --platform suno --mine --json'],
  async run(opts, ctx) {
    const platform = platformOf(opts.platform);
    const client = ctx.client();
    if (platform !== 'suno') {
      const params = { mj_id: opts.id, pageSize: 10 };
      const list = opts.mine
        ? client.drawings.listSelf(params, ctx.req)
        : client.drawings.list(params, ctx.req);
      const [found] = await list.toArray({ limit: 1 });
      if (found) return ctx.out.item(drawingRow(found), TASK_DETAIL_COLUMNS);
    }
    if (platform !== 'mj') {
      const params = { task_id: opts.id, pageSize: 10 };
      const list = opts.mine ? client.tasks.listSelf(params, ctx.req) : client.tasks.list(params, ctx.req);
      const [found] = await list.toArray({ limit: 1 });
      if (found) return ctx.out.item(musicRow(found), TASK_DETAIL_COLUMNS);
    }
    throw new CliError(`no task ${opts.id}`, ExitCode.NotFound);
  },
});
