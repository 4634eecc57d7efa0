import { byText } from '../../core/format.js';
import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode } from '../../core/errors.js';

export default defineCommand<{ key?: string }>({
  path: 'options get',
  summary: 'List system options, or print one option’s value (secrets are never sent by the server)',
  args: [{ name: 'key', description: 'option key' }],
  output: true,
  examples: ['swb options get', 'swb options get QuotaPerUnit', 'swb options get ModelRatio --jq .value'],
  async run(opts, ctx) {
    const entries = (await ctx.client().options.list(ctx.req)).sort((a, b) => byText(a.key, b.key));
    if (!opts.key) {
      await ctx.out.list(entries, [
        { key: 'key' },
        {
          key: 'value',
          show: (e) =>
            ctx.out.format === 'table' && e.value.length > 60 ? `${e.value.slice(0, 59)}…` : e.value,
        },
      ]);
      return;
    }
    const entry = entries.find((e) => e.key === opts.key);
    if (!entry) throw new CliError(`No option named ${opts.key}.`, ExitCode.NotFound, 'swb options get');
    if (ctx.out.format === 'table' || ctx.out.format === 'tsv') ctx.io.stdout.write(entry.value + '\n');
    else await ctx.out.value(entry);
  },
});
