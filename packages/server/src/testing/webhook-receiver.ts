import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it, the body byte for byte. */
export interface ReceivedHook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  hooks: ReceivedHook[];
  /** The status (and Location) of the next answers; 204 by default. */
  answer(status: number, location?: string): void;
  /** Resolves once `count` requests arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

/** A loopback HTTP server that records every request: the far end of a webhook in tests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hooks: ReceivedHook[] = [];
  const waiters = new Set<() => void>();
  let status = 204;
  let location: string | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status, location ? { location } : {}).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hooks,
    answer(s, l) {
      status = s;
      location = l;
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (hooks.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hooks);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook calls, got ${hooks.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
