import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';

export default defineCommand<{ name: string }>({
  path: 'profile use',
  summary: 'Make a profile the active one',
  args: [{ name: 'name', description: 'profile name', required: true }],
  examples: ['swb profile use staging'],
  async run(opts, ctx) {
    if (!ctx.profiles.get(opts.name)) throw usageError(`No profile named "${opts.name}"`, 'swb profile list');
    ctx.profiles.use(opts.name);
    ctx.out.success(`Profile "${opts.name}" is active.`);
  },
});
