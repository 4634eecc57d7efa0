import { OptionUpdateParamsSchema } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { issueText, readSecret } from '../channels/input.js';

export default defineCommand<{ key: string; value?: string; file?: string }>({
  path: 'options set',
  summary: 'Set one option, checked against its rule before it is sent',
  args: [
    { name: 'key', description: 'option key', required: true },
    { name: 'value', description: 'new value (JSON maps as text); omit with --file' },
  ],
  options: [{ flags: '--file <path>', description: 'read the value from a file ("-" for stdin)' }],
  examples: [
    'swb options set RetryTimes 3',
    'swb options set ModelRatio --file model-ratio.json',
    'swb options set DisplayInCurrencyEnabled false',
  ],
  async run(opts, ctx) {
    const value = await readSecret(ctx, opts.file, opts.value, 'SWB_OPTION_VALUE_UNUSED');
    if (value === undefined) throw usageError('Missing VALUE (or --file)');
    const checked = OptionUpdateParamsSchema.safeParse({ key: opts.key, value });
    if (!checked.success)
      throw usageError(`${opts.key}: ${issueText(checked.error).replace(/^value: /, '')}`);
    await ctx.client().options.update(opts.key, value, ctx.req);
    ctx.out.success(`Set ${opts.key}.`);
  },
});
