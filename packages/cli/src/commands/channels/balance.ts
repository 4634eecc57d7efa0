import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { usageError } from '../../core/errors.js';

export default defineCommand<{ id?: string; all?: boolean }>({
  path: 'channels balance',
  summary: 'Refresh a channel’s upstream balance (USD), or every channel’s with --all',
  args: [{ name: 'id', description: 'channel id' }],
  options: [{ flags: '--all', description: 'refresh every channel (new-api disables channels at 0)' }],
  output: true,
  examples: ['swb channels balance 3', 'swb channels balance --all'],
  async run(opts, ctx) {
    const client = ctx.client();
    if (opts.all) {
      await client.channels.updateAllBalances(ctx.req);
      ctx.out.success('Refreshed every channel’s balance.');
      return;
    }
    if (!opts.id) throw usageError('Pass a channel id or --all.');
    const id = parseId(opts.id);
    const balance = await client.channels.updateBalance(id, ctx.req);
    await ctx.out.item({ id, balance }, [
      { key: 'id' },
      { key: 'balance', show: (r) => `$${r.balance.toFixed(2)}` },
    ]);
  },
});
