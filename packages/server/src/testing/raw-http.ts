import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `app` listening on a free loopback port (after createTestApp, which made it ready). */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index into arbitrary bodies
  json(): any;
}

/**
 * One request on its own connection, with the request target sent exactly as given: `fetch` and `inject`
 * normalise URLs (dot segments, absolute forms), which is what the path tests must not have done for them.
 */
export function send(
  port: number,
  opts: { method?: string; target: string; headers?: Record<string, string>; json?: unknown },
): Promise<RawAnswer> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers = { ...opts.headers, ...(body !== undefined && { 'content-type': 'application/json' }) };
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.target, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
