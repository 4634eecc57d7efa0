import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { maskToken, TOKEN_COLUMNS } from './columns.js';

export default defineCommand<{ id: string }>({
  path: 'tokens get',
  summary: 'Show one API key (masked; see tokens reveal)',
  args: [{ name: 'id', description: 'token id', required: true }],
  output: true,
  examples: ['swb tokens get 12'],
  async run(opts, ctx) {
    const token = await ctx.client().tokens.get(parseId(opts.id), ctx.req);
    await ctx.out.item(maskToken(token), [...TOKEN_COLUMNS, { key: 'model_limits' }, { key: 'allow_ips' }]);
  },
});
