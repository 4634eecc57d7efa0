import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { assertChanges, definedFields } from '../../core/fields.js';
import { parseQuota } from '../../core/quota.js';
import { maskToken, TOKEN_COLUMNS } from './columns.js';
import { ACCESS_OPTIONS, allowIps, type TokenFieldOpts } from './settings.js';
import { BUDGET_OPTIONS, budgetFields, type BudgetOpts } from './budget-flags.js';

interface Opts extends TokenFieldOpts, BudgetOpts {
  id: string;
  limited?: boolean;
}

export default defineCommand<Opts>({
  path: 'tokens update',
  summary: 'Change an API key’s name, quota, expiry or limits',
  args: [{ name: 'id', description: 'token id', required: true }],
  options: [
    { flags: '--name <name>', description: 'new name' },
    { flags: '--quota <q>', description: "quota in units, or currency such as '$5'" },
    { flags: '--unlimited', description: 'remove the quota limit' },
    { flags: '--limited', description: 'apply the quota limit' },
    { flags: '--expires <time>', description: "'yyyy-MM-dd HH:mm:ss', unix seconds, or -1 (never)" },
    { flags: '--models <list>', description: 'only these models ("" lifts the limit)' },
    ...ACCESS_OPTIONS,
    ...BUDGET_OPTIONS,
  ],
  output: true,
  examples: ["swb tokens update 12 --quota '$10' --limited", "swb tokens update 12 --monthly '$50' --rpm 60"],
  async run(opts, ctx) {
    const client = ctx.client();
    const id = parseId(opts.id);
    // new-api rewrites every editable field, so start from the token as it is.
    const t = await client.tokens.get(id, ctx.req);
    const changes = {
      ...definedFields(opts, { name: 'name', expires: 'expired_time', group: 'group' }),
      ...(opts.quota !== undefined ? { remain_quota: await parseQuota(opts.quota, ctx) } : {}),
      ...(opts.unlimited ? { unlimited_quota: true } : opts.limited ? { unlimited_quota: false } : {}),
      ...(opts.models !== undefined
        ? { model_limits: opts.models, model_limits_enabled: opts.models !== '' }
        : {}),
      ...(opts.ips !== undefined ? { allow_ips: allowIps(opts.ips) } : {}),
      ...(await budgetFields(opts, ctx, t.period)),
    };
    assertChanges(changes);
    const saved = await client.tokens.update(
      id,
      {
        name: t.name,
        expired_time: t.expired_time,
        remain_quota: t.remain_quota,
        unlimited_quota: t.unlimited_quota,
        model_limits_enabled: t.model_limits_enabled,
        model_limits: t.model_limits,
        allow_ips: t.allow_ips,
        group: t.group,
        ...changes,
      } as never,
      ctx.req,
    );
    ctx.out.success(`Updated token ${saved.id} (${saved.name}).`);
    if (ctx.out.machine) await ctx.out.item(maskToken(saved), TOKEN_COLUMNS);
  },
});
