import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { diffLines } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'audit revert',
  summary: 'Undo an option or channel change by its audit entry (root); itself audited',
  args: [{ name: 'id', description: 'entry id', required: true }],
  output: true,
  examples: ['swb audit revert 42', 'swb audit revert 42 --yes --json'],
  async run(opts, ctx) {
    const id = parseId(opts.id);
    const client = ctx.client();
    const entry = await client.audit.get(id, ctx.req);
    const what = entry.target_id ? `${entry.target_type} ${entry.target_id}` : entry.target_type;
    await ctx.prompts.confirm(`Revert entry ${id} (${entry.action} on ${what})?`);
    const made = await client.audit.revert(id, ctx.req);
    if (ctx.out.format === 'json' || ctx.out.format === 'yaml') return ctx.out.value(made);
    ctx.out.success(`Reverted entry ${id} as entry ${made.id}.`);
    for (const line of diffLines(made)) ctx.out.note(`  ${line}`);
  },
});
