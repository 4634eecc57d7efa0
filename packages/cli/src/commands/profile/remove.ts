import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode } from '../../core/errors.js';

export default defineCommand<{ name: string }>({
  path: 'profile remove',
  summary: 'Delete a saved profile',
  args: [{ name: 'name', description: 'profile name', required: true }],
  examples: ['swb profile remove staging --yes'],
  async run(opts, ctx) {
    if (!ctx.profiles.get(opts.name))
      throw new CliError(`No profile named "${opts.name}"`, ExitCode.NotFound);
    await ctx.prompts.confirm(`Remove profile "${opts.name}"?`);
    ctx.profiles.remove(opts.name);
    ctx.out.success(`Removed profile "${opts.name}".`);
  },
});
