import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';

export default defineCommand<{ id: string }>({
  path: 'tokens reveal',
  summary: 'Print the full key of one of your tokens (on purpose: the only unmasked output)',
  args: [{ name: 'id', description: 'token id', required: true }],
  examples: ['export OPENAI_API_KEY=$(swb tokens reveal 12)'],
  async run(opts, ctx) {
    const key = await ctx.client().tokens.revealKey(parseId(opts.id), ctx.req);
    ctx.io.stdout.write((key.startsWith('sk-') ? key : `sk-${key}`) + '\n');
  },
});
