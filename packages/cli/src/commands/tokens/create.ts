import { defineCommand } from '../../core/command.js';
import { parseCount } from '../../core/args.js';
import { parseQuota } from '../../core/quota.js';
import { ACCESS_OPTIONS, allowIps, type TokenFieldOpts } from './settings.js';
import { BUDGET_OPTIONS, budgetFields, type BudgetOpts } from './budget-flags.js';

interface Opts extends TokenFieldOpts, BudgetOpts {
  count?: string;
}

export default defineCommand<Opts>({
  path: 'tokens create',
  summary: 'Create one or more API keys',
  options: [
    { flags: '--name <name>', description: 'token name (numbered when --count > 1)' },
    { flags: '--count <n>', description: 'how many tokens', default: '1' },
    { flags: '--quota <q>', description: "quota in units, or currency such as '$5'" },
    { flags: '--unlimited', description: 'no quota limit' },
    {
      flags: '--expires <time>',
      description: "'yyyy-MM-dd HH:mm:ss', unix seconds, or -1 (never)",
      default: '-1',
    },
    { flags: '--models <list>', description: 'only these models' },
    ...ACCESS_OPTIONS,
    ...BUDGET_OPTIONS,
  ],
  examples: [
    "swb tokens create --name ci --quota '$5'",
    "swb tokens create --name team --unlimited --daily '$5' --requests 1000 --concurrency 4",
    'swb tokens create --name load --count 10 --unlimited',
  ],
  async run(opts, ctx) {
    const count = parseCount(opts.count ?? 1, '--count', 1);
    const name = opts.name ?? (await ctx.prompts.input('Token name', { flag: '--name' }));
    const quota = opts.quota === undefined ? undefined : await parseQuota(opts.quota, ctx);
    const budget = await budgetFields(opts, ctx);
    const client = ctx.client();
    for (let i = 1; i <= count; i++) {
      const thisName = count > 1 ? `${name}-${i}` : name;
      await client.tokens.create(
        {
          name: thisName,
          expired_time: opts.expires ?? -1,
          unlimited_quota: opts.unlimited === true,
          ...(quota !== undefined ? { remain_quota: quota } : {}),
          ...(opts.models ? { model_limits_enabled: true, model_limits: opts.models } : {}),
          ...(opts.ips ? { allow_ips: allowIps(opts.ips) } : {}),
          ...(opts.group ? { group: opts.group } : {}),
          ...budget,
        } as never,
        ctx.req,
      );
      ctx.out.success(`Created token "${thisName}".`);
    }
    ctx.out.note('Read a key with `swb tokens reveal ID` (ids: `swb tokens list`).');
  },
});
