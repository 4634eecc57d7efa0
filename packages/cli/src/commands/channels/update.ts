import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { usageError } from '../../core/errors.js';
import { CHANNEL_FIELDS } from './columns.js';
import { readSecret } from './input.js';

interface Opts {
  id: string;
  name?: string;
  keyFile?: string;
  key?: string;
  models?: string;
  group?: string;
  baseUrl?: string;
  priority?: string;
  weight?: string;
  tag?: string;
  testModel?: string;
  modelMapping?: string;
  type?: string;
}

export default defineCommand<Opts>({
  path: 'channels update',
  summary: 'Change the given fields of a channel',
  args: [{ name: 'id', description: 'channel id', required: true }],
  options: [
    { flags: '--name <name>', description: 'new name' },
    { flags: '--type <n>', description: 'channel type number' },
    { flags: '--key <key>', description: 'new upstream key' },
    { flags: '--key-file <path>', description: 'read the new key from a file ("-" for stdin)' },
    { flags: '--models <list>', description: 'comma-separated models (replaces the list)' },
    { flags: '--group <list>', description: 'comma-separated groups' },
    { flags: '--base-url <url>', description: 'upstream base URL' },
    { flags: '--priority <n>', description: 'priority tier' },
    { flags: '--weight <n>', description: 'weight within the tier' },
    { flags: '--tag <tag>', description: 'tag ("" removes it)' },
    { flags: '--test-model <model>', description: 'model used by channel tests' },
    { flags: '--model-mapping <json>', description: 'JSON object of requested → upstream model names' },
  ],
  output: true,
  examples: ['swb channels update 3 --priority 10 --weight 2', 'swb channels update 3 --key-file key.txt'],
  async run(opts, ctx) {
    const key = await readSecret(ctx, opts.keyFile, opts.key, 'SWB_CHANNEL_KEY_UNUSED');
    const fields = {
      ...(opts.name !== undefined ? { name: opts.name } : {}),
      ...(opts.type !== undefined ? { type: opts.type } : {}),
      ...(key !== undefined ? { key } : {}),
      ...(opts.models !== undefined ? { models: opts.models } : {}),
      ...(opts.group !== undefined ? { group: opts.group } : {}),
      ...(opts.baseUrl !== undefined ? { base_url: opts.baseUrl } : {}),
      ...(opts.priority !== undefined ? { priority: opts.priority } : {}),
      ...(opts.weight !== undefined ? { weight: opts.weight } : {}),
      ...(opts.tag !== undefined ? { tag: opts.tag } : {}),
      ...(opts.testModel !== undefined ? { test_model: opts.testModel } : {}),
      ...(opts.modelMapping !== undefined ? { model_mapping: opts.modelMapping } : {}),
    };
    if (Object.keys(fields).length === 0)
      throw usageError('Nothing to change: pass at least one field flag.');
    const saved = await ctx.client().channels.update(parseId(opts.id), fields as never, ctx.req);
    ctx.out.success(`Updated channel ${saved.id} (${saved.name}).`);
    if (ctx.out.machine) await ctx.out.item({ ...saved, key: '' }, CHANNEL_FIELDS);
  },
});
