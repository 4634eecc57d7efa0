import { SDK_ROUTES, type SdkRoute } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { VERSION } from '../../version.js';
import { buildOpenApiDocument } from './openapi.js';
import { EPAY_NOTIFY_PATH, epayNotifyOperations } from './provider-callbacks.js';

/** Whether the server answers this SDK call (routes ignore a trailing slash, as gin's redirects do). */
function served(app: FastifyInstance, route: SdkRoute): boolean {
  return [route.path, route.path.replace(/(.)\/$/, '$1')].some((url) =>
    app.hasRoute({ method: route.method, url }),
  );
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of the management API, built from the SDK's route
 * descriptors. Only calls this server registers are listed, so the document never promises an unserved
 * call; it is built once when the app is ready (every module has registered its routes by then).
 */
export async function openapiRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  let document = '';
  app.addHook('onReady', async () => {
    const routes = SDK_ROUTES.filter((route) => served(app, route));
    const doc = buildOpenApiDocument(routes, VERSION);
    // Callbacks a third party makes are not SDK calls, but they are part of the API the server serves.
    if (app.hasRoute({ method: 'GET', url: EPAY_NOTIFY_PATH })) {
      (doc.paths as Record<string, unknown>)[EPAY_NOTIFY_PATH] = epayNotifyOperations();
      (doc.tags as { name: string; description: string }[]).push({
        name: 'epay',
        description: 'Called by the Epay payment gateway, not by clients',
      });
    }
    document = JSON.stringify(doc);
  });
  // Not an SDK call but the document of the SDK's calls, so it has no descriptor of its own.
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );
}
