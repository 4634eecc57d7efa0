import { request, type Dispatcher } from 'undici';

export interface TaskReply {
  status: number;
  contentType: string;
  text: string;
  bytes: Buffer;
}

/** An upstream answer larger than this is refused: task APIs answer a few kilobytes of JSON. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

/** The upstream could not be asked, or its answer was not read whole (network, timeout, size). */
export class TaskUpstreamError extends Error {}

/**
 * One request to a drawing proxy or a music API, its answer read whole within `timeoutMs` and a size bound. The
 * URL is the channel's, set by the administrator, so it may lead anywhere (as chat channels may).
 */
export async function callTaskUpstream(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  dispatcher?: Dispatcher,
  opts: { maxBytes?: number; binary?: boolean } = {},
): Promise<TaskReply> {
  const max = opts.maxBytes ?? MAX_REPLY_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(url, {
      method,
      headers,
      body,
      signal,
      ...(dispatcher ? { dispatcher } : {}),
    });
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of res.body) {
      size += (part as Buffer).length;
      if (size > max) {
        res.body.destroy();
        throw new TaskUpstreamError('upstream answer too large');
      }
      parts.push(part as Buffer);
    }
    const type = res.headers['content-type'];
    const bytes = Buffer.concat(parts);
    return {
      status: res.statusCode,
      contentType: Array.isArray(type) ? (type[0] ?? '') : (type ?? ''),
      text: opts.binary ? '' : bytes.toString('utf8'),
      bytes,
    };
  } catch (err) {
    if (err instanceof TaskUpstreamError) throw err;
    throw new TaskUpstreamError((err as Error).message);
  }
}

/** JSON text as an object, or undefined when it is not a JSON object. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
