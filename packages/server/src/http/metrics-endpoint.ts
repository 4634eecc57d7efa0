import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Metrics } from '../observe/metrics.js';
import { isApiRequest } from './route-family.js';
import { SESSION_COOKIE } from './session-lookup.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `authorization` carries the bearer token (compared in constant time); always true without one. */
function authorized(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  return !!m && timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

/** One scrape on Node's request: 401 without the token, the exposition text otherwise. */
async function scrape(
  metrics: Metrics,
  token: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!authorized(token, req.headers.authorization)) {
    res.writeHead(401, {
      'content-type': 'text/plain; charset=utf-8',
      'www-authenticate': 'Bearer realm="metrics"',
    });
    res.end('Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n');
    return;
  }
  const text = await metrics.text();
  res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * `GET /metrics`: on the main port (METRICS_ENABLED), or alone on METRICS_PORT, which then listens when the
 * app does and closes with it. Nothing is registered when metrics are off.
 */
export function registerMetricsEndpoint(app: FastifyInstance, ctx: AppContext): void {
  const metrics = ctx.metrics;
  const config = ctx.config.metrics;
  if (!metrics || !config) return;
  if (config.port === undefined) {
    app.get('/metrics', (req, reply) => {
      reply.hijack();
      return scrape(metrics, config.token, req.raw, reply.raw);
    });
    return;
  }
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/metrics')
      return void scrape(metrics, config.token, req, res).catch(() => res.destroy());
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found: metrics are served at /metrics\n');
  });
  const port = config.port;
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, ctx.config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** Login routes and their method, for `switchboard_logins_total`. */
const LOGIN_ROUTES: Record<string, string> = {
  '/api/user/login': 'password',
  '/api/oauth/github': 'github',
  '/api/oauth/linuxdo': 'linuxdo',
  '/api/oauth/wechat': 'wechat',
  '/api/oauth/telegram/login': 'telegram',
};

/** Whether the answer signed a browser in: every login path ends in one session cookie (modules/auth). */
function setsSession(cookies: unknown): boolean {
  const list = Array.isArray(cookies) ? cookies : [cookies];
  return list.some(
    (c) => typeof c === 'string' && c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/i.test(c),
  );
}

/**
 * `/api` requests by route pattern and status (an unmatched path is `unmatched`, never itself), and logins
 * by method and outcome. Registered before the routes, so the login hooks attach to them.
 */
export function registerApiMetrics(app: FastifyInstance, metrics: Metrics | undefined): void {
  if (!metrics) return;
  const started = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (req, _reply, done) => {
    if (isApiRequest(req)) started.set(req, performance.now());
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (isApiRequest(req)) {
      const url = req.routeOptions.url;
      const route = url === undefined || url === '/*' ? 'unmatched' : url;
      metrics.apiRequests.series(route, String(reply.statusCode)).inc();
      const t0 = started.get(req);
      if (t0 !== undefined) metrics.apiDuration.series(route).observe((performance.now() - t0) / 1000);
    }
    done();
  });
  app.addHook('onRoute', (route) => {
    const method = LOGIN_ROUTES[route.url];
    if (!method) return;
    const success = metrics.logins.series(method, 'success');
    const failure = metrics.logins.series(method, 'failure');
    const hook = (
      _req: FastifyRequest,
      reply: { statusCode: number; getHeader(name: string): unknown },
      payload: unknown,
      done: (err: null, payload: unknown) => void,
    ) => {
      if (setsSession(reply.getHeader('set-cookie'))) success.inc();
      else if (
        reply.statusCode >= 400 ||
        (typeof payload === 'string' && payload.includes('"success":false'))
      )
        failure.inc();
      done(null, payload);
    };
    route.onSend = [
      ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
      hook as never,
    ];
  });
}
