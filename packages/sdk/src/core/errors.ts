import type { z } from 'zod';

/** Base class of every error the SDK throws; `instanceof SdkError` catches them all. */
export class SdkError extends Error {
  override readonly name: string = 'SdkError';
}

/** Fields shared by errors that carry a server response. */
export interface ApiErrorInit {
  /** HTTP status; 200 for business errors reported inside the envelope. */
  status: number;
  /** Human-readable message: the server's own text when it sent one. */
  message: string;
  /** The parsed response body (JSON value, text, or undefined when empty). */
  body?: unknown;
  /** Response headers, when a response arrived. */
  headers?: Headers;
}

/** A request reached the server and the server refused it. */
export class ApiError extends SdkError {
  override readonly name: string = 'ApiError';
  /** HTTP status; 200 for business errors reported inside the envelope. */
  readonly status: number;
  /** The parsed response body (JSON value, text, or undefined when empty). */
  readonly body: unknown;
  /** Response headers, when a response arrived. */
  readonly headers: Headers | undefined;
  /** Server request id (`X-Oneapi-Request-Id` from new-api, else `X-Request-Id`), for support tickets. */
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.body = init.body;
    this.headers = init.headers;
    this.requestId = requestIdOf(init.headers);
  }
}

/** HTTP 400: the server rejected the parameters. */
export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
}
/** HTTP 401: not logged in, session expired, or `New-Api-User` missing or wrong. */
export class AuthenticationError extends ApiError {
  override readonly name: string = 'AuthenticationError';
}
/** HTTP 403: authenticated but not allowed (e.g. an OAuth state mismatch, a banned user on relay routes). */
export class PermissionDeniedError extends ApiError {
  override readonly name: string = 'PermissionDeniedError';
}
/** HTTP 404: unknown route or record. */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
}
/** HTTP 409: the request conflicts with the current state. */
export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
}
/** HTTP 422: well-formed but semantically invalid parameters. */
export class UnprocessableEntityError extends ApiError {
  override readonly name: string = 'UnprocessableEntityError';
}
/** HTTP 429: rate limited. new-api answers with an empty body, so the message may be generic. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  /** Seconds the server asked us to wait (from `Retry-After`), when it said so. */
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retryAfter = parseRetryAfter(init.headers?.get('retry-after') ?? null);
  }
}
/** HTTP 500 or above: the server failed. */
export class InternalServerError extends ApiError {
  override readonly name: string = 'InternalServerError';
}

/**
 * The server answered HTTP 200 with `success: false` (or the top-up envelope with `message: 'error'`).
 * `message` is the server's text verbatim, usually Chinese for new-api (e.g. "无效的兑换码").
 */
export class BusinessError extends ApiError {
  override readonly name: string = 'BusinessError';
}

/** A server-sent event in the playground stream carried an error, or the stream broke off. */
export class StreamError extends ApiError {
  override readonly name: string = 'StreamError';
}

/** The server could not be reached (DNS, refused connection, reset, CORS). */
export class ConnectionError extends SdkError {
  override readonly name: string = 'ConnectionError';
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The request took longer than `timeoutMs`. */
export class TimeoutError extends ConnectionError {
  override readonly name: string = 'TimeoutError';
  constructor(message = 'Request timed out', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The caller aborted the request through its `AbortSignal`. */
export class UserAbortError extends SdkError {
  override readonly name: string = 'UserAbortError';
  constructor(message = 'Request was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Parameters failed the client-side check; nothing was sent. `message` is translated to the client language. */
export class ValidationError extends SdkError {
  override readonly name: string = 'ValidationError';
  /** The zod issues, with `path` pointing at the offending field. */
  readonly issues: z.core.$ZodIssue[];
  constructor(message: string, issues: z.core.$ZodIssue[]) {
    super(message);
    this.issues = issues;
  }
}

/** A response did not match its schema; only thrown with `strictResponses: true` (contract tests). */
export class ResponseValidationError extends SdkError {
  override readonly name: string = 'ResponseValidationError';
  /** The zod issues against the response value. */
  readonly issues: z.core.$ZodIssue[];
  /** The raw value that failed the schema. */
  readonly value: unknown;
  constructor(message: string, issues: z.core.$ZodIssue[], value: unknown) {
    super(message);
    this.issues = issues;
    this.value = value;
  }
}

const STATUS_CLASSES: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

// Fallback reason phrases: HTTP/2 and synthetic responses carry no statusText.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Builds the per-status `ApiError` subclass for an HTTP error response. */
export function apiErrorFor(status: number, body: unknown, headers?: Headers, statusText = ''): ApiError {
  const message = messageOf(body) ?? `${status} ${statusText || REASONS[status] || 'Error'}`;
  const Ctor = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : ApiError);
  return new Ctor({ status, message, body, headers });
}

/**
 * Extracts the server's message from any body shape: the envelope `{message}`,
 * a relay error `{error: {message}}`, `{error: "text"}`, or a plain text body.
 */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text ? text.slice(0, 500) : undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const error = record['error'];
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object') {
    const nested = (error as Record<string, unknown>)['message'];
    if (typeof nested === 'string' && nested) return nested;
  }
  const message = record['message'];
  return typeof message === 'string' && message ? message : undefined;
}

/** Reads the request id new-api (`X-Oneapi-Request-Id`) or a generic proxy (`X-Request-Id`) sent. */
export function requestIdOf(headers: Headers | undefined): string | undefined {
  return headers?.get('x-oneapi-request-id') ?? headers?.get('x-request-id') ?? undefined;
}

/** Parses `Retry-After` (delta seconds or an HTTP date) into seconds; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
