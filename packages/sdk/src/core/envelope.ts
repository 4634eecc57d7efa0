import { BusinessError } from './errors.js';

/**
 * How a route wraps its answer (new-api contract §2.1 and the exceptions of §3):
 * - `standard`: `{success, message, data}`; resolves to `data` (undefined when omitted or the body is empty);
 * - `top-level`: `{success, message, ...fields}` with the payload beside `success` (`/api/pricing`,
 *   `/api/channel/test/:id`, `/api/channel/update_balance/:id`); resolves to the whole body;
 * - `pay`: `{message: 'success'|'error', data, url?}` (`/api/user/pay`, `/api/user/amount`); resolves to the whole body;
 * - `sse`: a server-sent event stream (the playground).
 */
export type Envelope = 'standard' | 'top-level' | 'pay' | 'sse';

/** Unwraps a 2xx body per its envelope; `success: false` (or pay `message: 'error'`) throws `BusinessError`. */
export function unwrapEnvelope(envelope: Envelope, body: unknown, headers?: Headers): unknown {
  if (body === undefined || body === null || body === '') return undefined;
  if (!isRecord(body)) return body;
  if (body['success'] === false) throw businessError(body['message'], body, headers);
  switch (envelope) {
    case 'standard':
      return 'success' in body ? body['data'] : body;
    case 'pay':
      if (body['message'] === 'error') throw businessError(body['data'], body, headers);
      return body;
    default:
      return body;
  }
}

function businessError(message: unknown, body: unknown, headers?: Headers): BusinessError {
  const text = typeof message === 'string' && message ? message : 'error';
  return new BusinessError({ status: 200, message: text, body, headers });
}

/** Narrows to a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
