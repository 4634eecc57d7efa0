import { IdSchema, type RouteDescriptor } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parse } from './validate.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The SDK route descriptor the route was registered from (see apiRoute). */
    route?: RouteDescriptor;
  }
}

/**
 * What a route parses before its handler runs, besides a `:id` in its path (always, with IdSchema):
 * `query` with the descriptor's `params`, `body` with its `body`. Only where the route reads exactly that
 * schema as its first step: a route that checks something first, picks a schema, or leaves the input to
 * a service (or, for lists, to the paging helpers alone) parses it itself, so its answers stay as they are.
 */
export interface ApiRouteOptions {
  query?: true;
  body?: true;
  /**
   * The auth hook's level when it differs from the descriptor's: `optional` for a public route that reads
   * the caller when there is one; `none` for a route that checks the login itself.
   */
  auth?: 'optional' | 'none';
}

type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** A handler's input: the request and reply, and the inputs its options asked for, parsed. */
export type ApiRouteInput<R extends RouteDescriptor, O extends ApiRouteOptions> = {
  req: FastifyRequest;
  reply: FastifyReply;
} & (R['path'] extends `${string}/:id${string}` ? { id: number } : unknown) &
  (O['query'] extends true ? { query: Output<R['params']> } : unknown) &
  (O['body'] extends true ? { body: Output<R['body']> } : unknown);

/** Options a descriptor allows: parsing only what it declares a schema for. */
type AllowedOptions<R extends RouteDescriptor> = {
  query?: R['params'] extends z.ZodType ? true : never;
  body?: R['body'] extends z.ZodType ? true : never;
  auth?: ApiRouteOptions['auth'];
};

type Handler<R extends RouteDescriptor, O extends ApiRouteOptions> = (input: ApiRouteInput<R, O>) => unknown;

function checkDescriptor(route: RouteDescriptor, options: ApiRouteOptions): void {
  const where = `${route.method} ${route.path}`;
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => name);
  if (params.some((name) => name !== 'id')) throw new Error(`${where}: only :id path parameters are parsed`);
  if (options.query && !route.params) throw new Error(`${where}: no params schema to parse the query with`);
  if (options.body && !route.body) throw new Error(`${where}: no body schema to parse the body with`);
  if (options.auth === 'optional' && route.auth !== 'none')
    throw new Error(`${where}: an optional caller only makes sense on a public route`);
  if (options.auth === 'none' && route.auth === 'none') throw new Error(`${where}: auth is already none`);
}

/**
 * Registers a management route from its SDK descriptor (Hono's `createRoute` + `app.openapi` is the model):
 * method, path, auth level and rate-limit flags come from the descriptor, so they are declared once, in the
 * SDK; the handler gets `:id` and the inputs `options` names parsed, in that order, after the auth and
 * Turnstile hooks (a refusal keeps new-api's order: login first, then input).
 */
export function apiRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R, Record<never, never>>,
): void;
export function apiRoute<R extends RouteDescriptor, const O extends AllowedOptions<R>>(
  app: FastifyInstance,
  route: R,
  options: O,
  handler: Handler<R, O>,
): void;
export function apiRoute(
  app: FastifyInstance,
  route: RouteDescriptor,
  ...args:
    [Handler<RouteDescriptor, ApiRouteOptions>] | [ApiRouteOptions, Handler<RouteDescriptor, ApiRouteOptions>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  checkDescriptor(route, options);
  const hasId = route.path.includes('/:id');
  app.route({
    method: route.method,
    url: route.path,
    config: {
      auth: options.auth ?? route.auth,
      ...(route.critical && { critical: true }),
      ...(route.turnstile && { turnstile: true }),
      route,
    },
    handler: async (req, reply) => {
      const input: Record<string, unknown> = { req, reply };
      if (hasId) input['id'] = parse(IdSchema, (req.params as { id?: unknown }).id);
      if (options.query) input['query'] = parse(route.params!, req.query);
      if (options.body) input['body'] = parse(route.body!, req.body);
      return handler(input as ApiRouteInput<RouteDescriptor, ApiRouteOptions>);
    },
  });
}

/** One route as Fastify registered it, and the descriptor it came from (none: registered by hand). */
export interface RegisteredRoute {
  method: string;
  url: string;
  route?: RouteDescriptor;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Starts recording every route registered on `app` and its plugins from now on; the route-coverage test
 * reads the record to check that every `/api` route comes from a descriptor.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (opts) => {
    for (const method of [opts.method].flat())
      list.push({ method, url: opts.url, ...(opts.config?.route && { route: opts.config.route }) });
  });
}

/** The routes registered on `app` since recordRoutes. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}
