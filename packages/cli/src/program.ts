import { Command } from 'commander';
import { COMMANDS } from './commands/index.js';
import { EXIT_CODE_HELP } from './core/errors.js';
import type { Io } from './core/io.js';
import { registerCommands, type RunState } from './registry.js';
import { VERSION } from './version.js';

/** The root command: global flags, every registered command, and `help [topic]`. */
export function buildProgram(io: Io, state: RunState): Command {
  const program = new Command('swb')
    .description(
      'Manage a Switchboard or new-api gateway: channels, tokens, codes, users, options, logs, and the gateway as code.',
    )
    .version(VERSION, '-V, --version')
    .option('--url <url>', 'server URL (env SWB_URL)')
    .option('--token <token>', 'system access token (env SWB_TOKEN)')
    .option('--user <id>', 'numeric user id sent with the token (env SWB_USER)')
    .option('--profile <name>', 'use this saved profile (env SWB_PROFILE)')
    .option('-y, --yes', 'answer yes to confirmations; never prompt')
    .option('--non-interactive', 'never prompt; fail naming the missing flag instead')
    .option('--no-color', 'disable colour (also NO_COLOR)')
    .helpCommand(false)
    .enablePositionalOptions(false);
  registerCommands(program, COMMANDS, io, state);
  program
    .command('help [topic...]')
    .description('Show help for a command, or a topic: exit-codes, environment')
    .action((topic: string[]) => {
      const words = topic ?? [];
      if (words[0] === 'exit-codes') {
        io.stdout.write(
          'Exit codes:\n' +
            EXIT_CODE_HELP.map(([c, t]) => `  ${String(c).padStart(3)}  ${t}`).join('\n') +
            '\n',
        );
        return;
      }
      if (words[0] === 'environment') {
        io.stdout.write(ENV_HELP);
        return;
      }
      let cmd: Command = program;
      for (const word of words) {
        const next = cmd.commands.find((c) => c.name() === word);
        if (!next) {
          io.stderr.write(`Unknown help topic "${words.join(' ')}"\n`);
          state.code = 2;
          return;
        }
        cmd = next;
      }
      io.stdout.write(cmd.helpInformation());
    });
  program.addHelpText(
    'after',
    `\nRun 'swb help exit-codes' for exit codes and 'swb help environment' for settings.\n`,
  );
  return program;
}

const ENV_HELP = `Settings resolve as: flag > environment > active profile.
  SWB_URL       server URL (--url)
  SWB_TOKEN     system access token (--token)
  SWB_USER      numeric user id (--user)
  SWB_PROFILE   profile name (--profile)
  SWB_PASSWORD  password for 'swb login' without a terminal
  SWB_CONFIG_DIR  directory of the config file (mode 0600)
  SWB_RESTRICT_FILE_REFS  =1: plan/apply read \${file:…} keys only inside the gateway file's folder
  CI            when set, nothing prompts
  NO_COLOR      disables colour
`;
