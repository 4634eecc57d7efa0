import type { ProviderError } from '../types.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Reads an upstream error body the way new-api does: an OpenAI `error` object first, else the first of
 * message, msg, err, error_msg, header.message, response.error.message; else a generic status text.
 */
export function readOpenAiError(status: number, body: unknown): ProviderError {
  if (body && typeof body === 'object') {
    const b = body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- foreign JSON
    const e = b.error;
    if (e && typeof e === 'object' && str(e.message)) {
      return { message: e.message, type: str(e.type) ?? 'upstream_error', code: e.code ?? null };
    }
    const message =
      str(e) ??
      str(b.message) ??
      str(b.msg) ??
      str(b.err) ??
      str(b.error_msg) ??
      str(b.header?.message) ??
      str(b.response?.error?.message);
    if (message) return { message, type: 'upstream_error', code: str(b.code) ?? null };
  }
  const text =
    typeof body === 'string' && body.trim()
      ? body.trim().slice(0, 500)
      : `bad response status code ${status}`;
  return { message: text, type: 'upstream_error', code: 'bad_response_status_code' };
}
