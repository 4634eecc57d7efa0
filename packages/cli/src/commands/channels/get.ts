import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { CHANNEL_FIELDS } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'channels get',
  summary: 'Show one channel (its key is never shown)',
  args: [{ name: 'id', description: 'channel id', required: true }],
  output: true,
  examples: ['swb channels get 3', 'swb channels get 3 -o yaml'],
  async run(opts, ctx) {
    const channel = await ctx.client().channels.get(parseId(opts.id), ctx.req);
    await ctx.out.item({ ...channel, key: '' }, CHANNEL_FIELDS);
  },
});
