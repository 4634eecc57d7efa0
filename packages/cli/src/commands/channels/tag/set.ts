import { defineCommand } from '../../../core/command.js';
import { parseId } from '../../../core/args.js';

export default defineCommand<{ tag: string; ids: string[] }>({
  path: 'channels tag set',
  summary: 'Tag the given channels ("" removes their tag)',
  args: [
    { name: 'tag', description: 'tag', required: true },
    { name: 'ids', description: 'channel ids', required: true, variadic: true },
  ],
  examples: ['swb channels tag set openai 1 2'],
  async run(opts, ctx) {
    const ids = opts.ids.map((id) => parseId(id));
    const count = await ctx.client().channels.setTag({ tag: opts.tag, ids } as never, ctx.req);
    ctx.out.success(`Tagged ${count} channel(s) "${opts.tag}".`);
  },
});
