import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ ids: string[] }>({
  path: 'tokens delete',
  summary: 'Delete API keys',
  args: [{ name: 'ids', description: 'token ids', required: true, variadic: true }],
  examples: ['swb tokens delete 12 13 --yes'],
  async run(opts, ctx) {
    const ids = opts.ids.map((id) => parseId(id));
    await ctx.prompts.confirm(
      `Delete token${ids.length > 1 ? 's' : ''} ${ids.join(', ')}? Clients using them stop working.`,
    );
    for (const id of ids) {
      await ctx.client().tokens.delete(id, ctx.req);
      ctx.out.success(`Deleted token ${id}.`);
    }
  },
});
