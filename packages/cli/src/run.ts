import { CommanderError } from 'commander';
import { ExitCode, toCliError } from './core/errors.js';
import type { Io } from './core/io.js';
import { safeText } from './core/safe-text.js';
import { buildProgram } from './program.js';

/**
 * Runs one command line and resolves to its exit code; the single place errors become exit codes.
 * Tests call it in-process with a captured `Io`.
 */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const state = { code: 0 };
  const program = buildProgram(io, state);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return state.code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : ExitCode.Usage;
    const cli = toCliError(error);
    const plain = !io.stderrIsTTY || io.env['NO_COLOR'] !== undefined;
    const label = plain ? 'error:' : '\u001b[31merror:\u001b[39m';
    // Messages quote server text (names, upstream errors): escaped like every other text output.
    io.stderr.write(`${label} ${safeText(cli.message, '\n')}\n`);
    if (cli.hint) io.stderr.write(`hint: try \`${safeText(cli.hint)}\`\n`);
    if (io.env['SWB_DEBUG'] && error instanceof Error && error.stack) io.stderr.write(error.stack + '\n');
    return cli.code;
  }
}
