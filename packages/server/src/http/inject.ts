import type { FastifyInstance } from 'fastify';
import inject, { type InjectOptions } from 'light-my-request';
import type { RelayListener } from '../relay/entry/relay-listener.js';

/**
 * Fastify's `inject` dispatches straight to its router, past the server's request listener and so past the
 * relay's raw routes. In-process requests (tests, mock-server) should take the path real ones take: the
 * promise form of `inject` is routed through the relay listener first. The callback and chain forms keep
 * Fastify's own behaviour.
 */
export function injectThroughRelay(app: FastifyInstance, relay: RelayListener): void {
  const original = app.inject.bind(app);
  const patched = (opts?: InjectOptions | string, cb?: unknown) => {
    if (opts === undefined || cb !== undefined) return (original as (...a: unknown[]) => unknown)(opts, cb);
    return inject((req, res) => {
      app.ready((err) => {
        if (err) res.emit('error', err);
        else if (!relay(req, res)) app.routing(req, res);
      });
    }, opts);
  };
  (app as unknown as { inject: typeof patched }).inject = patched;
}
