import type { Context } from './context.js';

/** A positional argument. */
export interface ArgDef {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
}

/** A flag, in commander syntax (`-n, --name <name>`). */
export interface OptionDef {
  flags: string;
  description: string;
  default?: string | boolean;
  choices?: readonly string[];
}

/** A command as data: the registry turns it into commander, the docs generator into Markdown. */
export interface CommandDef {
  /** Words after `swb`, e.g. `channels tag enable`. */
  path: string;
  summary: string;
  description?: string;
  args?: readonly ArgDef[];
  options?: readonly OptionDef[];
  /** Adds `-o`, `--json [fields]` and `--jq`. */
  output?: boolean;
  /** Each `swb …` line, optionally followed by `  # what it does`. */
  examples: readonly string[];
  /** Resolves to an exit code when it is not 0 (e.g. plan --detailed-exitcode). */
  run(opts: Record<string, unknown>, ctx: Context): Promise<number | void>;
}

/** Identity helper that types a definition. */
export function defineCommand<O extends object>(
  def: Omit<CommandDef, 'run'> & { run(opts: O, ctx: Context): Promise<number | void> },
): CommandDef {
  return def as CommandDef;
}
