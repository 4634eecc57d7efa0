import {
  ApiError,
  AuthenticationError,
  BusinessError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  UserAbortError,
  ValidationError,
} from '@switchboard/sdk';

/** Process exit codes; `swb help exit-codes` prints this table. Keep in sync with EXIT_CODE_HELP. */
export const ExitCode = {
  Ok: 0,
  Failure: 1,
  Usage: 2,
  Declined: 3,
  NotAuthenticated: 4,
  Forbidden: 5,
  NotFound: 6,
  Conflict: 7,
  Network: 8,
  Cancelled: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** One line per exit code, for `swb help exit-codes` and the README. */
export const EXIT_CODE_HELP: readonly [ExitCode, string][] = [
  [ExitCode.Ok, 'success (an empty list too; `plan --detailed-exitcode`: no changes)'],
  [ExitCode.Failure, 'failure: the server refused or something went wrong'],
  [
    ExitCode.Usage,
    'usage error: unknown command or flag, missing or invalid argument (`plan --detailed-exitcode`: changes present)',
  ],
  [ExitCode.Declined, 'declined at a prompt, or a confirmation needed without a terminal: pass --yes'],
  [ExitCode.NotAuthenticated, 'not authenticated: run `swb login` or set SWB_TOKEN and SWB_USER'],
  [ExitCode.Forbidden, 'forbidden: the account lacks the role this needs'],
  [ExitCode.NotFound, 'not found: no such channel, token, code, user or option'],
  [ExitCode.Conflict, 'conflict: duplicate name, or a saved plan that no longer matches the server'],
  [ExitCode.Network, 'network error or timeout: the server could not be reached'],
  [ExitCode.Cancelled, 'cancelled (Ctrl-C)'],
];

/** An error meant for the user: printed as `message` plus an optional next command, then exits with `code`. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly code: ExitCode = ExitCode.Failure,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Usage error (exit 2). */
export const usageError = (message: string, hint?: string) => new CliError(message, ExitCode.Usage, hint);

const NOT_FOUND = /not found|not exist|不存在|未找到|record not found/i;
const FORBIDDEN = /permission|forbidden|权限|无权/i;
const UNAUTHENTICATED = /not logged in|未登录|access token|unauthori[sz]ed|无权进行此操作，未登录/i;
const CONFLICT = /already exists|已存在|duplicate|重复/i;

/** Maps anything thrown to a `CliError`: SDK errors by class, business errors by message. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof UserAbortError) return new CliError('Cancelled', ExitCode.Cancelled);
  if (isPromptCancel(error)) return new CliError('Cancelled', ExitCode.Cancelled);
  if (error instanceof ValidationError) return usageError(error.message);
  if (error instanceof ConnectionError)
    return new CliError(error.message, ExitCode.Network, 'check --url / SWB_URL and that the server is up');
  if (error instanceof AuthenticationError)
    return new CliError(error.message, ExitCode.NotAuthenticated, 'swb login');
  if (error instanceof PermissionDeniedError)
    return new CliError(error.message, ExitCode.Forbidden, 'swb whoami');
  if (error instanceof NotFoundError) return new CliError(error.message, ExitCode.NotFound);
  if (error instanceof ConflictError) return new CliError(error.message, ExitCode.Conflict);
  if (error instanceof BusinessError || error instanceof ApiError) {
    const message = error.message;
    if (UNAUTHENTICATED.test(message)) return new CliError(message, ExitCode.NotAuthenticated, 'swb login');
    if (FORBIDDEN.test(message)) return new CliError(message, ExitCode.Forbidden, 'swb whoami');
    if (NOT_FOUND.test(message)) return new CliError(message, ExitCode.NotFound);
    if (CONFLICT.test(message)) return new CliError(message, ExitCode.Conflict);
    return new CliError(message, ExitCode.Failure);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(message, ExitCode.Failure);
}

function isPromptCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError');
}
