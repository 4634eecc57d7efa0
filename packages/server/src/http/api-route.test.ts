import type { RouteDescriptor } from '@switchboard/sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { apiRoute, recordRoutes, registeredRoutes } from './api-route.js';

// A route table as the SDK declares one (defineRoutes keeps literal types the same way).
const ROUTES = {
  edit: {
    method: 'PUT',
    path: '/api/thing/:id',
    summary: 'Edit a thing',
    auth: 'admin',
    critical: true,
    turnstile: true,
    params: z.object({ dry: z.enum(['yes', 'no']).default('no') }),
    body: z.object({ name: z.string().min(1) }),
    response: null,
  },
  list: { method: 'GET', path: '/api/thing/', summary: 'List things', auth: 'none', response: null },
  revealed: { method: 'GET', path: '/api/thing/:name', summary: 'By name', auth: 'user', response: null },
} as const satisfies Record<string, RouteDescriptor>;

let app: FastifyInstance;
afterEach(() => app?.close());

/** A bare app whose error handler reports which refusal came first. */
function bareApp(): FastifyInstance {
  app = Fastify();
  recordRoutes(app);
  app.setErrorHandler((err, _req, reply) =>
    reply
      .status(400)
      .send({ zod: err instanceof ZodError, path: err instanceof ZodError ? err.issues[0]!.path : [] }),
  );
  return app;
}

describe('apiRoute', () => {
  it('registers the descriptor’s method, path, auth level and rate-limit flags', async () => {
    const a = bareApp();
    apiRoute(a, ROUTES.edit, { query: true, body: true }, ({ req }) => req.routeOptions.config);
    apiRoute(a, ROUTES.list, { auth: 'optional' }, ({ req }) => req.routeOptions.config);
    const edit = await a.inject({ method: 'PUT', url: '/api/thing/7', payload: { name: 'x' } });
    expect(edit.json()).toMatchObject({ auth: 'admin', critical: true, turnstile: true });
    const list = await a.inject({ method: 'GET', url: '/api/thing/' });
    expect(list.json()).toMatchObject({ auth: 'optional' });
    expect(list.json()).not.toHaveProperty('critical');
    expect(registeredRoutes(a).map((r) => [r.method, r.url, r.route?.summary])).toEqual([
      ['PUT', '/api/thing/:id', 'Edit a thing'],
      ['GET', '/api/thing/', 'List things'],
      ['HEAD', '/api/thing/', 'List things'],
    ]);
  });

  it('hands the handler the id, query and body parsed with the descriptor’s schemas', async () => {
    const a = bareApp();
    apiRoute(a, ROUTES.edit, { query: true, body: true }, ({ id, query, body }) => ({ id, query, body }));
    const res = await a.inject({ method: 'PUT', url: '/api/thing/7', payload: { name: 'x', extra: 1 } });
    expect(res.json()).toEqual({ id: 7, query: { dry: 'no' }, body: { name: 'x' } });
  });

  it('leaves what the options do not name unparsed', async () => {
    const a = bareApp();
    apiRoute(a, ROUTES.edit, ({ id, req }) => ({ id, query: req.query, body: req.body }));
    const res = await a.inject({ method: 'PUT', url: '/api/thing/7?dry=maybe', payload: { name: '' } });
    expect(res.json()).toEqual({ id: 7, query: { dry: 'maybe' }, body: { name: '' } });
  });

  it('refuses the id first, then the query, then the body, before the handler runs', async () => {
    const a = bareApp();
    let ran = false;
    apiRoute(a, ROUTES.edit, { query: true, body: true }, () => (ran = true));
    const refusal = async (url: string, payload: object) =>
      (await a.inject({ method: 'PUT', url, payload })).json();
    expect(await refusal('/api/thing/0?dry=maybe', { name: '' })).toEqual({ zod: true, path: [] });
    expect(await refusal('/api/thing/7?dry=maybe', { name: '' })).toEqual({ zod: true, path: ['dry'] });
    expect(await refusal('/api/thing/7', { name: '' })).toEqual({ zod: true, path: ['name'] });
    expect(ran).toBe(false);
  });

  it('refuses options its descriptor cannot honour when the route is registered', () => {
    const a = bareApp();
    const noSchemas: RouteDescriptor = { ...ROUTES.list, auth: 'user' };
    expect(() => apiRoute(a, noSchemas, { body: true } as never, () => 1)).toThrow(/no body schema/);
    expect(() => apiRoute(a, noSchemas, { query: true } as never, () => 1)).toThrow(/no params schema/);
    expect(() => apiRoute(a, noSchemas, { auth: 'optional' }, () => 1)).toThrow(/public route/);
    expect(() => apiRoute(a, ROUTES.list, { auth: 'none' }, () => 1)).toThrow(/already none/);
    expect(() => apiRoute(a, ROUTES.revealed, () => 1)).toThrow(/only :id/);
  });
});
