import type { MessageKey, MessageParams } from '@switchboard/sdk';

/** Machine-readable error codes; each has one HTTP status. */
export const ERROR_STATUS = {
  /** The request body, query or params failed validation. */
  bad_request: 400,
  /** No valid session or access token, or New-Api-User missing or wrong. */
  unauthorized: 401,
  /** Authenticated, but the role or a rule of spec §6 forbids it. */
  forbidden: 403,
  /** The id names no row the caller may see. */
  not_found: 404,
  /** The change contradicts the current state (duplicate name, used code, ...). */
  conflict: 409,
  /** The body is larger than MAX_REQUEST_BODY_MB. */
  payload_too_large: 413,
  /** A per-IP or per-user rate limit was hit. */
  too_many_requests: 429,
  /** A bug or an unreachable dependency; details go to the log, never to the client. */
  internal: 500,
  /** A feature that this server answers but an operator has switched off or not configured. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type handlers throw. `key` is an SDK message key, translated per request
 * (Chinese unless the client prefers English).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new AppError('bad_request', key, params);
export const unauthorized = (key: MessageKey, params?: MessageParams) =>
  new AppError('unauthorized', key, params);
export const forbidden = (key: MessageKey, params?: MessageParams) => new AppError('forbidden', key, params);
export const notFound = (key: MessageKey, params?: MessageParams) => new AppError('not_found', key, params);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError('conflict', key, params);
