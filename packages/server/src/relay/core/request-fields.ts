import { isMessageKey, msg } from '@switchboard/sdk';
import { z } from 'zod';
import { invalidField, relayError } from './relay-error.js';

/**
 * Zod pieces shared by the client formats' request schemas. Objects are loose (clients send many fields we do
 * not read, and they must reach the upstream untouched); only the fields the relay reads are typed, and
 * `null` is accepted wherever a field is optional, as SDKs send it for "not given".
 */

/** new-api refuses `max_tokens` above MaxInt32 / 2. */
export const MAX_TOKENS_LIMIT = 1_073_741_823;

export const str = z.string();
export const num = z.number();
export const bool = z.boolean();
/** A token count: an integer in [0, MAX_TOKENS_LIMIT]. */
export const tokens = z.int().min(0).max(MAX_TOKENS_LIMIT);
/** A count: a non-negative safe integer. */
export const count = z.int().min(0);
/** Any JSON object (a tool's parameter schema, metadata). */
export const object = z.looseObject({});
export const strings = z.array(str);

export const model = z
  .string({ error: msg('relay.modelRequired') })
  .refine((m) => m.trim() !== '', msg('relay.modelRequired'));

const fieldName = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

/** A short English reason of zod's (the field is named apart): "expected number, received string". */
const reasonOf = (message: string) => message.replace(/^Invalid input: /, '');

/**
 * Checks a client's body against its format's schema and returns the body itself (not zod's copy: unknown
 * fields stay as sent, and nothing is cloned on the hot path). A failure is a 400 naming the first bad field.
 */
export function validateBody<T>(schema: z.ZodType, body: unknown): T {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw relayError(400, 'relay.bodyNotObject', {}, 'invalid_text_request');
  const result = schema.safeParse(body);
  if (result.success) return body as T;
  const issue = result.error.issues[0]!;
  if (isMessageKey(issue.message)) throw relayError(400, issue.message, {}, 'invalid_text_request');
  throw invalidField(fieldName(issue.path) || 'body', reasonOf(issue.message));
}
