import type { z } from 'zod';
import { formatZodError, type Lang } from '../i18n/translate.js';
import { ResponseValidationError, ValidationError } from './errors.js';

/**
 * Checks parameters against their request schema before anything is sent.
 * Returns the parsed value (defaults and transforms applied); throws `ValidationError`
 * with the zod issues and a message in the client language.
 */
export function validateParams<S extends z.ZodType>(schema: S, value: unknown, lang?: Lang): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(formatZodError(result.error, lang), result.error.issues);
}

/**
 * Parses a response tolerantly: unknown keys never fail, and on a mismatch the raw value is
 * returned as is so an older client keeps working against a newer server. With `strict`
 * (contract tests) a mismatch throws `ResponseValidationError` instead.
 */
export function parseResponse<S extends z.ZodType>(schema: S, value: unknown, strict: boolean): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (strict) {
    throw new ResponseValidationError(
      `Response does not match its schema: ${result.error.message}`,
      result.error.issues,
      value,
    );
  }
  return value as z.output<S>;
}
