import { defineCommand } from '../../core/command.js';
import { quotaText } from '../../core/format.js';

export default defineCommand<{ code: string }>({
  path: 'redeem',
  summary: 'Redeem a code into your balance',
  args: [{ name: 'code', description: 'redemption code', required: true }],
  examples: ['swb redeem 0123456789abcdef0123456789abcdef'],
  async run(opts, ctx) {
    const added = await ctx.client().wallet.topUp({ key: opts.code.trim() }, ctx.req);
    ctx.out.success(`Redeemed: ${quotaText(added, await ctx.quotaDisplay())} added.`);
  },
});
