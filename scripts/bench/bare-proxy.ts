// The floor of any Node relay on this machine, run as its own process: a keep-alive pass-through with no
// auth, no parsing and no accounting. Same HTTP client as Switchboard (an undici Agent), so the difference
// between the two is what Switchboard does, not which client it uses.
// Env: UPSTREAM (http://127.0.0.1:<port>), PORT (0 = free). Prints `listening <port>` once ready.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';

const upstream = process.env.UPSTREAM!;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256, pipelining: 1 });
// undici refuses hop-by-hop headers; host is recomputed from the upstream URL.
const dropped = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect']);

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (!dropped.has(k) && typeof v === 'string') headers[k] = v;
  request(upstream + req.url, { method: req.method as 'POST', headers, body: req, dispatcher: agent })
    .then(async (up) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers)) if (!dropped.has(k) && v !== undefined) out[k] = v;
      res.writeHead(up.statusCode, out);
      await pipeline(up.body, res);
    })
    .catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
