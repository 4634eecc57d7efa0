import { byText } from '../../core/format.js';
import { defineCommand } from '../../core/command.js';

export default defineCommand<{ model?: string }>({
  path: 'pricing',
  summary: 'Show model prices and group ratios (public)',
  options: [{ flags: '--model <text>', description: 'only models containing this text' }],
  output: true,
  examples: ['swb pricing', 'swb pricing --model gpt --json'],
  async run(opts, ctx) {
    const pricing = await ctx.client({ auth: false }).pricing.get(ctx.req);
    const rows = pricing.data
      .filter((p) => !opts.model || p.model_name.includes(opts.model))
      .sort((a, b) => byText(a.model_name, b.model_name));
    await ctx.out.list(rows, [
      { key: 'model_name', header: 'MODEL' },
      { key: 'quota_type', header: 'BILLING', show: (p) => (p.quota_type === 1 ? 'per call' : 'per token') },
      { key: 'model_ratio', header: 'RATIO' },
      { key: 'completion_ratio', header: 'COMPLETION' },
      { key: 'model_price', header: 'PRICE', show: (p) => (p.quota_type === 1 ? `$${p.model_price}` : '-') },
      { key: 'enable_groups', header: 'GROUPS', show: (p) => p.enable_groups.join(',') },
    ]);
  },
});
