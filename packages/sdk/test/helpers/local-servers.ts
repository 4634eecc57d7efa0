import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a local server was sent. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * A self-signed certificate for 127.0.0.1, made by the system's openssl (node:crypto makes keys but not
 * certificates). Clients trust it through NODE_TLS_REJECT_UNAUTHORIZED=0 around the calls (`trustingTls`).
 */
export function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-tls-'));
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` with certificate checks off (the test servers' certificates are self-signed). */
export async function trustingTls<T>(fn: () => Promise<T>): Promise<T> {
  const before = process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
  process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
    else process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = before;
  }
}

/** A server on 127.0.0.1 (https with `tls`) that records every request before `handler` answers it. */
export async function listen(handler: Handler, tls?: { key: Buffer; cert: Buffer }): Promise<LocalServer> {
  const seen: Seen[] = [];
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  };
  const server: Server = tls ? createHttpsServer(tls, onRequest) : createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers new-api's envelope. */
export function ok(res: ServerResponse, data: unknown = null): void {
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ success: true, message: '', data }));
}

/** Answers a redirect to `location`. */
export function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location }).end();
}
