import type { z } from 'zod';

/**
 * Parses a body or query with a shared SDK schema. A failure throws the ZodError, which the error handler turns
 * into HTTP 400 with the spec's message in the caller's language.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value ?? {});
}
