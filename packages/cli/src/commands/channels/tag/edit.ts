import { defineCommand } from '../../../core/command.js';
import { definedFields } from '../../../core/fields.js';

interface Opts {
  tag: string;
  newTag?: string;
  priority?: string;
  weight?: string;
  models?: string;
  groups?: string;
  modelMapping?: string;
}

export default defineCommand<Opts>({
  path: 'channels tag edit',
  summary: 'Change fields of every channel with a tag (or rename the tag)',
  args: [{ name: 'tag', description: 'tag', required: true }],
  options: [
    { flags: '--new-tag <tag>', description: 'rename the tag ("" dissolves it)' },
    { flags: '--priority <n>', description: 'priority for every channel' },
    { flags: '--weight <n>', description: 'weight for every channel' },
    { flags: '--models <list>', description: 'models for every channel' },
    { flags: '--groups <list>', description: 'groups for every channel' },
    { flags: '--model-mapping <json>', description: 'model mapping for every channel' },
  ],
  examples: ['swb channels tag edit openai --priority 5', 'swb channels tag edit old --new-tag new'],
  async run(opts, ctx) {
    await ctx.client().channels.tags.update(
      opts.tag,
      definedFields(opts, {
        newTag: 'new_tag',
        priority: 'priority',
        weight: 'weight',
        models: 'models',
        groups: 'groups',
        modelMapping: 'model_mapping',
      }) as never,
      ctx.req,
    );
    ctx.out.success(`Updated every channel tagged "${opts.tag}".`);
  },
});
