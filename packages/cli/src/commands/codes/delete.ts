import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'codes delete',
  summary: 'Delete redemption codes',
  args: [{ name: 'ids', description: 'code ids', required: true, variadic: true }],
  examples: ['swb codes delete 5 --yes'],
  async run(opts, ctx) {
    const ids = opts.ids.map((id) => parseId(id));
    await ctx.prompts.confirm(`Delete code${ids.length > 1 ? 's' : ''} ${ids.join(', ')}?`);
    for (const id of ids) {
      await ctx.client().redemptions.delete(id, ctx.req);
      ctx.out.success(`Deleted code ${id}.`);
    }
  },
});
