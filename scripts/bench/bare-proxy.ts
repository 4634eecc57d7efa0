// The floor of any Node relay on this machine, run as its own process: the fastest plain pass-through Node
// offers. `node:http` on both sides, a keep-alive `http.Agent`, `pipe` both ways; no parsing, no auth, no
// accounting. Whatever client Switchboard uses, this is what "% of bare" divides by.
// Env: UPSTREAM (http://127.0.0.1:<port>), PORT (0 = free). Prints `listening <port>` once ready.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = new URL(process.env.UPSTREAM!);
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const up = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  up.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(up);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
