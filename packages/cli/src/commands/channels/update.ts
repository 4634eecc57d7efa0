import { defineCommand } from '../../core/command.js';
import { parseId } from '../../core/args.js';
import { assertChanges, definedFields } from '../../core/fields.js';
import { CHANNEL_FIELDS } from './columns.js';
import { readSecret } from './input.js';
import { type ChannelFieldOpts, MODEL_OPTIONS, ROUTING_OPTIONS, SETTING_FIELDS } from './settings.js';

interface Opts extends ChannelFieldOpts {
  id: string;
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
    ...ROUTING_OPTIONS,
    { flags: '--tag <tag>', description: 'tag ("" removes it)' },
    ...MODEL_OPTIONS,
  ],
  output: true,
  examples: ['swb channels update 3 --priority 10 --weight 2', 'swb channels update 3 --key-file key.txt'],
  async run(opts, ctx) {
    const key = await readSecret(ctx, opts.keyFile, opts.key, 'SWB_CHANNEL_KEY_UNUSED');
    const fields = definedFields(
      { ...opts, key },
      { name: 'name', type: 'type', key: 'key', models: 'models', group: 'group', ...SETTING_FIELDS },
    );
    assertChanges(fields);
    const saved = await ctx.client().channels.update(parseId(opts.id), fields as never, ctx.req);
    ctx.out.success(`Updated channel ${saved.id} (${saved.name}).`);
    if (ctx.out.machine) await ctx.out.item({ ...saved, key: '' }, CHANNEL_FIELDS);
  },
});
