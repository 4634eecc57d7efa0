import { CliError, ExitCode, usageError } from './errors.js';
import type { Io } from './io.js';
import { safeText } from './safe-text.js';

/** Whether prompts may be shown: a terminal on both ends, no CI, no --yes / --non-interactive. */
export function canPrompt(io: Io, flags: { yes?: boolean; nonInteractive?: boolean }): boolean {
  if (io.answers) return true;
  if (flags.yes || flags.nonInteractive) return false;
  const ci = io.env['CI'];
  if (ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false') return false;
  return io.stdinIsTTY && io.stdoutIsTTY;
}

interface Choice {
  name: string;
  value: string;
}

/**
 * Every question the CLI asks goes through here: when prompting is impossible it returns the declared
 * fallback or fails naming the flag to pass, so nothing ever waits in CI.
 */
export class Prompts {
  constructor(
    private readonly io: Io,
    private readonly flags: { yes?: boolean; nonInteractive?: boolean },
  ) {}

  get interactive(): boolean {
    return canPrompt(this.io, this.flags);
  }

  /** Confirms a destructive or irreversible step; --yes answers yes, no terminal fails with exit 3. */
  async confirm(text: string, opts: { default?: boolean } = {}): Promise<void> {
    if (this.flags.yes) return;
    // Questions quote server names ("Delete channel 3 (name)?").
    const message = safeText(text);
    if (!this.interactive) throw new CliError(`${message} Pass --yes to confirm.`, ExitCode.Declined);
    const answer = await this.#ask<boolean>(message, () =>
      import('@inquirer/prompts').then(({ confirm }) => confirm({ message, default: opts.default ?? false })),
    );
    if (!answer) throw new CliError('Declined.', ExitCode.Declined);
  }

  /** Asks for a missing value, validating each answer; without a terminal, fails naming `flag`. */
  async input(
    message: string,
    opts: { flag: string; default?: string; validate?: (value: string) => string | true },
  ): Promise<string> {
    if (!this.interactive) throw usageError(`Missing value: pass ${opts.flag}`);
    const answer = await this.#ask<string>(message, () =>
      import('@inquirer/prompts').then(({ input }) =>
        input({
          message,
          ...(opts.default !== undefined ? { default: opts.default } : {}),
          validate: opts.validate,
        }),
      ),
    );
    const verdict = opts.validate?.(String(answer)) ?? true;
    if (verdict !== true) throw usageError(verdict);
    return String(answer);
  }

  /** Asks for a secret without echo. */
  async password(message: string, opts: { flag: string }): Promise<string> {
    if (!this.interactive) throw usageError(`Missing value: pass ${opts.flag}`);
    return String(
      await this.#ask<string>(message, () =>
        import('@inquirer/prompts').then(({ password }) => password({ message, mask: '*' })),
      ),
    );
  }

  /** Picks one of `choices`. */
  async select(message: string, choices: Choice[], opts: { flag: string }): Promise<string> {
    if (!this.interactive) throw usageError(`Missing value: pass ${opts.flag}`);
    return String(
      await this.#ask<string>(message, () =>
        import('@inquirer/prompts').then(({ select }) =>
          select({ message, choices: choices.map((c) => ({ ...c, name: safeText(c.name) })), pageSize: 12 }),
        ),
      ),
    );
  }

  async #ask<T>(message: string, real: () => Promise<T>): Promise<T | string | boolean> {
    const canned = this.io.answers;
    if (canned) {
      if (!(message in canned)) throw new CliError(`Unexpected prompt: ${message}`, ExitCode.Failure);
      return canned[message]!;
    }
    return real();
  }
}
