import type { MessageKey, MessageParams } from '@switchboard/sdk';

/**
 * A relay failure: HTTP status, an SDK message key (translated per request) or an upstream's own message, and
 * OpenAI's error `type`/`code`. Each client format renders it in its own error shape.
 */
export class RelayError extends Error {
  /** The request field at fault (OpenAI's `param`), when the client's body was refused. */
  param = '';
  /** Seconds until the limit that refused the request frees up: sent as `Retry-After`. */
  retryAfterS?: number;

  constructor(
    readonly status: number,
    readonly key: MessageKey | undefined,
    readonly params: MessageParams = {},
    readonly type = 'new_api_error',
    readonly code: string | number | null = null,
    /** The upstream's message, passed through instead of a key. */
    readonly upstreamMessage?: string,
  ) {
    super(upstreamMessage ?? key ?? 'relay error');
  }

  /** A failure that another channel might not have: the pipeline may retry it. */
  get upstream(): boolean {
    return this.upstreamMessage !== undefined;
  }
}

export const relayError = (
  status: number,
  key: MessageKey,
  params?: MessageParams,
  code: string | null = null,
) => new RelayError(status, key, params, 'new_api_error', code);

/** A request field the client got wrong: 400 naming the field, in every client format's shape. */
export function invalidField(field: string, reason: string): RelayError {
  const e = new RelayError(
    400,
    'relay.invalidField',
    { field, reason },
    'new_api_error',
    'invalid_text_request',
  );
  e.param = field;
  return e;
}
