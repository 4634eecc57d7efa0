import { getGlobalDispatcher, request } from 'undici';

/** new-api's client timeout for the providers' token and user calls. */
const TIMEOUT_MS = 5_000;
/** Provider answers are small JSON documents; anything larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** The provider could not be reached, or did not answer JSON. */
export class ProviderUnreachableError extends Error {}

export interface ProviderCall {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A form (`application/x-www-form-urlencoded`) or a JSON body. */
  form?: Record<string, string>;
  json?: unknown;
}

/**
 * One call to an operator-configured provider (GitHub, Linux DO, the WeChat server, siteverify): the process's
 * global dispatcher like SMTP and channels (only users' webhooks are held to public addresses), a 5 s limit,
 * no redirects, and the answer parsed as JSON whatever its status, since OAuth servers put their errors in it.
 */
export async function callProvider(
  url: string,
  call: ProviderCall,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'switchboard',
    ...call.headers,
  };
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  let res;
  try {
    res = await request(url, {
      method: call.method,
      headers,
      body,
      dispatcher: getGlobalDispatcher(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProviderUnreachableError((err as Error).message);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new ProviderUnreachableError('answer too large');
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    res.body.destroy();
    if (err instanceof ProviderUnreachableError) throw err;
    throw new ProviderUnreachableError((err as Error).message);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return { status: res.statusCode, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderUnreachableError(`answered ${res.statusCode} without JSON`);
  }
}

/** A JSON object's string field, '' when absent or not a string. */
export const str = (body: unknown, key: string): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};
