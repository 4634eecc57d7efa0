import { CHANNEL_TYPE_VALUES, ChannelCreateParamsSchema, channelTypeName } from '@switchboard/sdk';
import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { definedFields } from '../../core/fields.js';
import { issueText, readSecret } from './input.js';
import { type ChannelFieldOpts, MODEL_OPTIONS, ROUTING_OPTIONS, SETTING_FIELDS } from './settings.js';

interface Opts extends ChannelFieldOpts {
  other?: string;
  batch?: boolean;
}

export default defineCommand<Opts>({
  path: 'channels create',
  summary: 'Create a channel (asks for type, name, key and models on a terminal)',
  options: [
    { flags: '--type <n>', description: 'channel type number (1 OpenAI, 14 Anthropic, 24 Gemini, …)' },
    { flags: '--name <name>', description: 'channel name' },
    {
      flags: '--key <key>',
      description: 'upstream key (prefer --key-file or SWB_CHANNEL_KEY: flags show in ps)',
    },
    { flags: '--key-file <path>', description: 'read the key from a file ("-" for stdin)' },
    { flags: '--models <list>', description: 'comma-separated model names' },
    { flags: '--group <list>', description: 'comma-separated groups', default: 'default' },
    ...ROUTING_OPTIONS,
    { flags: '--tag <tag>', description: 'tag' },
    ...MODEL_OPTIONS,
    { flags: '--other <text>', description: 'type-specific extra (API version, region, …)' },
    { flags: '--batch', description: 'one channel per key line' },
  ],
  examples: [
    'swb channels create                       # walks through type, name, key and models',
    'SWB_CHANNEL_KEY=sk-… swb channels create --type 1 --name openai-2 --models gpt-4o,gpt-4o-mini',
  ],
  async run(opts, ctx) {
    const p = ctx.prompts;
    const check = (field: string) => (value: string) => {
      const r = ChannelCreateParamsSchema.safeParse({ name: 'x', key: 'x', models: 'x', [field]: value });
      return r.success || issueText(r.error, field) || true;
    };
    const type =
      opts.type ??
      (await p.select(
        'Channel type',
        CHANNEL_TYPE_VALUES.map((t) => ({ name: `${channelTypeName(t)} (${t})`, value: String(t) })),
        { flag: '--type' },
      ));
    const name = opts.name ?? (await p.input('Name', { flag: '--name', validate: check('name') }));
    const key =
      (await readSecret(ctx, opts.keyFile, opts.key, 'SWB_CHANNEL_KEY')) ??
      (await p.password('Key', { flag: '--key-file' }));
    const models =
      opts.models ??
      (await p.input('Models (comma-separated)', { flag: '--models', validate: check('models') }));
    const params = {
      mode: opts.batch ? 'batch' : 'single',
      type,
      name,
      key,
      models,
      group: opts.group,
      ...definedFields(opts, { ...SETTING_FIELDS, other: 'other' }),
    };
    const parsed = ChannelCreateParamsSchema.safeParse(params);
    if (!parsed.success) throw usageError(issueText(parsed.error));
    await ctx.client().channels.create(params as never, ctx.req);
    ctx.out.success(`Created channel "${name}".`);
  },
});
