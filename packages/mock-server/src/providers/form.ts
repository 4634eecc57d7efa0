import type { IncomingMessage } from 'node:http';

/** The parameters of a form (`a=1&b=2`) or JSON body, as strings; a provider accepts either. */
export function bodyParams(body: unknown): Record<string, string> {
  if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>))
      if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}

/** The bearer token of `Authorization: Bearer x` (GitHub also takes `token x`), '' when absent. */
export function bearerOf(req: IncomingMessage): string {
  const header = req.headers.authorization ?? '';
  const match = /^(?:bearer|token)\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/** HTTP Basic credentials, undefined when absent or malformed. */
export function basicOf(req: IncomingMessage): { user: string; password: string } | undefined {
  const match = /^basic\s+(.+)$/i.exec((req.headers.authorization ?? '').trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
