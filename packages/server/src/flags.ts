/** The command line, as new-api's `flag` package reads it, plus `--migrate`. */
export interface ServerFlags {
  /** `--port`: used when `PORT` is unset (new-api lets the variable win). */
  port?: number;
  /** `--log-dir`: a directory the log is also written to. */
  logDir?: string;
  /** `--migrate`: upgrade a new-api database in place (as `MIGRATE_FROM_NEWAPI=true`). */
  migrate?: boolean;
  help?: boolean;
  version?: boolean;
}

export const USAGE =
  'Usage: switchboard [--port <port>] [--log-dir <log directory>] [--migrate] [--version] [--help]';

/** A mistake on the command line: start-up prints it with the usage and exits with 2, as Go's flag does. */
export class FlagError extends Error {}

const BOOLEANS = new Set(['migrate', 'help', 'h', 'version']);
const VALUES = new Set(['port', 'log-dir']);

/**
 * Go's flag syntax: `-name` or `--name`, the value after `=` or as the next argument (booleans only with `=`),
 * parsing stops at `--` or the first argument that is not a flag.
 */
export function parseFlags(argv: readonly string[]): ServerFlags {
  const flags: ServerFlags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--' || !arg.startsWith('-') || arg === '-') break;
    const body = arg.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    let value = eq >= 0 ? body.slice(eq + 1) : undefined;
    if (BOOLEANS.has(name)) {
      const on = value === undefined || ['1', 't', 'true'].includes(value.toLowerCase());
      if (!on && !['0', 'f', 'false'].includes(value!.toLowerCase())) {
        throw new FlagError(`invalid boolean value "${value}" for -${name}`);
      }
      if (name === 'migrate') flags.migrate = on;
      else if (name === 'version') flags.version = on;
      else flags.help = on;
      continue;
    }
    if (!VALUES.has(name)) throw new FlagError(`flag provided but not defined: -${name}`);
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: -${name}`);
      value = argv[++i]!;
    }
    if (name === 'log-dir') flags.logDir = value;
    else {
      const port = Number(value);
      if (!/^\d+$/.test(value) || port > 65535) {
        throw new FlagError(`invalid value "${value}" for flag -port: parse error`);
      }
      flags.port = port;
    }
  }
  return flags;
}
