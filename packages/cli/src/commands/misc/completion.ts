import { defineCommand, type CommandDef } from '../../core/command.js';
import { bashScript, completionTree, fishScript, zshScript } from '../../core/completion.js';

/** `swb completion`, over the program's commands (a thunk: the list holds this command too). */
export const completionCommand = (commands: () => readonly CommandDef[]) =>
  defineCommand<{ shell: string }>({
    path: 'completion',
    summary: 'Print a shell completion script (bash, zsh or fish)',
    args: [{ name: 'shell', description: 'bash, zsh or fish', required: true }],
    examples: [
      'eval "$(swb completion bash)"     # in ~/.bashrc',
      'eval "$(swb completion zsh)"      # in ~/.zshrc',
      'swb completion fish | source      # in ~/.config/fish/config.fish',
    ],
    async run(opts, ctx) {
      const tree = completionTree(commands());
      const script = { bash: bashScript, zsh: zshScript, fish: fishScript }[opts.shell];
      if (!script) {
        const { usageError } = await import('../../core/errors.js');
        throw usageError(`Unknown shell "${opts.shell}": use bash, zsh or fish`);
      }
      ctx.io.stdout.write(script(tree));
    },
  });
