import { defineCommand } from '../../core/command.js';
import { ALL_OPTION, collect, LIMIT_OPTION } from '../../core/args.js';
import { AUDIT_COLUMNS, AUDIT_FILTER_OPTIONS, auditParams, type AuditFilterFlags } from './columns.js';

export default defineCommand<AuditFilterFlags & { limit?: string; all?: boolean }>({
  path: 'audit list',
  summary: 'List audit entries (who changed what), newest first (root)',
  options: [...AUDIT_FILTER_OPTIONS, LIMIT_OPTION, ALL_OPTION],
  output: true,
  examples: [
    'swb audit list --since 24h',
    'swb audit list --target-type channel --target 12 --json',
    'swb audit list --actor 1 --since 2026-11-01 --until 2026-11-30',
  ],
  async run(opts, ctx) {
    const params = { ...auditParams(opts), pageSize: 100 };
    const entries = await collect(ctx.client().audit.list(params, ctx.req), opts);
    await ctx.out.list(entries, AUDIT_COLUMNS);
  },
});
