import { CHANNEL_MODEL_ROUTES, CHANNEL_ROUTES, MODEL_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { UNPAGED_SEARCH_LIMIT, unpaged, zeroBasedPageRequest } from '../../http/legacy-paging.js';
import { listEnabledModels } from './abilities.js';
import { MODELS_BY_CHANNEL_TYPE, modelCatalogue } from './model-catalogue.js';
import * as service from './channels.service.js';
import { tagsRoutes } from './tags.routes.js';

const R = CHANNEL_ROUTES;

/**
 * `/api/channel` (contract §3.6), admin only. Keys are sealed at rest and never leave through these routes
 * (`key` is always ""), except the root-only reveal. Relay-backed routes (test, update_balance,
 * fetch_models) belong to the relay module.
 */
export async function channelsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, R.list, { query: true }, async ({ req, query: q }) => {
    const page = zeroBasedPageRequest(req.query);
    const query = { idSort: q.id_sort ?? false, tagMode: q.tag_mode ?? false };
    // 0.4.8's shape: a bare array, `p` 0-based (the console reads `data` as the rows).
    return ok((await service.listChannels(ctx, query, page)).items);
  });

  apiRoute(app, R.search, { query: true }, async ({ query: q }) => {
    const query = { ...q, idSort: q.id_sort ?? false, tagMode: q.tag_mode ?? false };
    // Unpaged in 0.4.8: every match, as a bare array.
    return ok((await service.listChannels(ctx, query, unpaged(UNPAGED_SEARCH_LIMIT))).items);
  });

  apiRoute(app, CHANNEL_MODEL_ROUTES.list, async () => ok(modelCatalogue()));

  apiRoute(app, CHANNEL_MODEL_ROUTES.enabled, async () => ok(await listEnabledModels(ctx.db)));

  // The console's editor reads this as any logged-in user (contract §3: user level); no `message` needed.
  apiRoute(app, MODEL_ROUTES.list, async () => ({
    success: true,
    data: Object.fromEntries(
      Object.entries(MODELS_BY_CHANNEL_TYPE).map(([type, models]) => [type, [...models]]),
    ),
  }));

  apiRoute(app, R.get, async ({ id }) => ok(service.toChannelDto(await service.getChannel(ctx, id))));

  apiRoute(app, R.revealKey, async ({ req, id }) =>
    ok({ key: await service.revealKey(ctx, caller(req), id) }),
  );

  apiRoute(app, R.create, { body: true }, async ({ req, body }) =>
    ok(await service.createChannels(ctx, caller(req), body)),
  );

  // One route for full edits and the list's inline status, priority and weight edits
  // (the SDK's update, updateStatus, updatePriority and updateWeight).
  apiRoute(app, R.update, { body: true }, async ({ req, body }) =>
    ok(service.toChannelDto(await service.updateChannel(ctx, caller(req), body))),
  );

  apiRoute(app, R.deleteDisabled, async ({ req }) =>
    ok(await service.deleteDisabledChannels(ctx, caller(req))),
  );

  apiRoute(app, R.delete, async ({ req, id }) => {
    await service.getChannel(ctx, id);
    await service.deleteChannels(ctx, caller(req), [id]);
    return ok();
  });

  apiRoute(app, R.deleteMany, { body: true }, async ({ req, body }) =>
    ok(await service.deleteChannels(ctx, caller(req), body.ids)),
  );

  apiRoute(app, R.fix, async ({ req }) => ok(await service.fixAbilities(ctx, caller(req))));

  await tagsRoutes(app, ctx);
}
