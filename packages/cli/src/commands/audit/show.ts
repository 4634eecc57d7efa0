import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { AUDIT_COLUMNS, diffLines } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'audit show',
  summary: 'Show one audit entry with its fields before and after (root)',
  args: [{ name: 'id', description: 'entry id', required: true }],
  output: true,
  examples: ['swb audit show 42', 'swb audit show 42 --json'],
  async run(opts, ctx) {
    const entry = await ctx.client().audit.get(parseId(opts.id), ctx.req);
    const columns = AUDIT_COLUMNS.filter((c) => c.key !== 'changes');
    await ctx.out.item(entry, [
      ...columns,
      { key: 'credential' },
      { key: 'reverted_from', header: 'reverts' },
    ]);
    if (ctx.out.format === 'json' || ctx.out.format === 'yaml') return;
    const lines = diffLines(entry);
    ctx.out.note(
      lines.length > 0 ? `\nChanges:\n${lines.map((l) => `  ${l}`).join('\n')}` : '\nNo field changes.',
    );
  },
});
