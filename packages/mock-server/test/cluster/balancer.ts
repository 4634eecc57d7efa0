import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer as operators run one in front of several nodes: round robin over the nodes whose `/readyz`
 * answers 200 (asked every 100 ms), and a request whose connection was refused or reset before any answer is
 * sent to the next node (it never reached one). Nothing else is retried.
 */
export async function startBalancer(
  targets: () => string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const ready = new Set<string>();
  let next = 0;
  const probe = setInterval(() => {
    for (const url of targets()) {
      const req = request(`${url}/readyz`, { agent: false, timeout: 500 }, (res) => {
        res.resume();
        if (res.statusCode === 200) ready.add(url);
        else ready.delete(url);
      });
      req.on('error', () => ready.delete(url));
      req.on('timeout', () => req.destroy());
      req.end();
    }
  }, 100);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const pool = [...ready];
        if (pool.length === 0) {
          if (tries > 100) return void res.writeHead(503).end('no node ready');
          return void setTimeout(() => attempt(tries + 1), 50);
        }
        const target = pool[next++ % pool.length]!;
        let answered = false;
        const up = request(
          `${target}${req.url}`,
          { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent: false },
          (upRes: IncomingMessage) => {
            answered = true;
            res.writeHead(upRes.statusCode ?? 502, upRes.headers);
            upRes.pipe(res);
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (!answered && (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET') && tries < 100) {
            ready.delete(target);
            return setTimeout(() => attempt(tries + 1), 20);
          }
          if (!answered) res.writeHead(502).end(String(err.code));
          else res.destroy();
        });
        up.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      clearInterval(probe);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
