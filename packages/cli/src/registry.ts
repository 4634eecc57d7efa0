import { Option, type Command } from 'commander';
import type { CommandDef } from './core/command.js';
import { Context, type GlobalFlags } from './core/context.js';
import type { Io } from './core/io.js';

/** Where the outcome of the command that ran is recorded. */
export interface RunState {
  code: number;
}

/** Builds the commander tree from the definitions; the only file that touches commander. */
export function registerCommands(
  program: Command,
  defs: readonly CommandDef[],
  io: Io,
  state: RunState,
): void {
  configure(program, io);
  const groups = new Map<string, Command>([['', program]]);
  const groupFor = (words: string[]): Command => {
    const key = words.join(' ');
    const found = groups.get(key);
    if (found) return found;
    const parent = groupFor(words.slice(0, -1));
    const group = parent.command(words.at(-1)!).description(GROUPS[key] ?? `${key} commands`);
    configure(group, io);
    groups.set(key, group);
    return group;
  };
  for (const def of defs) {
    const words = def.path.split(' ');
    const cmd = groupFor(words.slice(0, -1)).command(words.at(-1)!);
    configure(cmd, io);
    cmd.summary(def.summary).description(def.description ?? def.summary);
    for (const arg of def.args ?? []) {
      const name = `${arg.name}${arg.variadic ? '...' : ''}`;
      cmd.argument(arg.required ? `<${name}>` : `[${name}]`, arg.description);
    }
    for (const opt of def.options ?? []) {
      const option = new Option(opt.flags, opt.description);
      if (opt.default !== undefined) option.default(opt.default);
      if (opt.choices) option.choices(opt.choices);
      cmd.addOption(option);
    }
    if (def.output) {
      cmd.option(
        '-o, --output <format>',
        'table, tsv, json, yaml or csv (default: table on a terminal, tsv when piped)',
      );
      cmd.option(
        '--json [fields]',
        'print JSON (the SDK objects), optionally only these comma-separated fields',
      );
      cmd.option('--jq <expr>', 'filter the JSON output with a jq expression');
    }
    if (def.examples.length)
      cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
    cmd.action(async (...params: unknown[]) => {
      const self = params.at(-1) as Command;
      const positional = params.slice(0, (def.args ?? []).length);
      const opts: Record<string, unknown> = { ...self.optsWithGlobals() };
      (def.args ?? []).forEach((arg, i) => (opts[camel(arg.name)] = positional[i]));
      const ctx = new Context(io, opts as GlobalFlags);
      const code = await def.run(opts, ctx);
      state.code = typeof code === 'number' ? code : 0;
    });
  }
}

/** Descriptions of the noun groups (the verbs describe themselves). */
const GROUPS: Record<string, string> = {
  profile: 'Saved server logins: list, use, add, remove',
  channels: 'Upstream channels: list, create, update, test, tag, delete',
  'channels tag': 'Act on every channel with a tag',
  tokens: 'Your API keys: list, create, update, reveal, delete',
  codes: 'Redemption codes: create in bulk, list, enable, disable, delete',
  users: 'Users: list, create, update, promote, ban, add quota',
  options: 'System options: get and set, validated before sending',
  logs: 'Usage logs: list, stat, tail, export, clear',
};

function configure(cmd: Command, io: Io): void {
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => io.stdout.write(s),
    writeErr: (s) => io.stderr.write(s),
    outputError: (s, write) => write(s),
  });
  cmd.showHelpAfterError('(add --help for usage)');
}

function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
