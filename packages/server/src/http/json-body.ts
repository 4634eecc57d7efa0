import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * The deepest JSON a request may nest. Real bodies (tool schemas included) stay far below it; deeper ones
 * only serve to overflow the stack of whatever recurses over them later (serialisers, converters).
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether `text` nests arrays/objects deeper than `max`. One pass over the structure; string contents are
 * skipped with indexOf, so long strings (base64 images) cost next to nothing.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  // Nesting needs one bracket per level: short bodies cannot be too deep.
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: one preceded by an even number of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused as before), after a nesting bound, so a
 * 10,000-deep body is a 400 at the door instead of a stack overflow further in.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) return done(badRequest('common.jsonTooDeep', { max: MAX_JSON_DEPTH }));
    return parse(req, body as string, done);
  });
}
