import {
  ChannelBatchDeleteParamsSchema,
  ChannelCreateParamsSchema,
  ChannelListParamsSchema,
  ChannelSearchParamsSchema,
  ChannelUpdateParamsSchema,
  IdSchema,
} from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { UNPAGED_SEARCH_LIMIT, unpaged, zeroBasedPageRequest } from '../../http/legacy-paging.js';
import { parse } from '../../http/validate.js';
import { listEnabledModels } from './abilities.js';
import { MODELS_BY_CHANNEL_TYPE, modelCatalogue } from './model-catalogue.js';
import * as service from './channels.service.js';
import { tagsRoutes } from './tags.routes.js';

const admin = { config: { auth: 'admin' as const } };
const idOf = (req: FastifyRequest) => parse(IdSchema, (req.params as { id?: unknown }).id);

/**
 * `/api/channel` (contract §3.6), admin only. Keys are sealed at rest and never leave through these routes
 * (`key` is always ""), except the root-only reveal. Relay-backed routes (test, update_balance,
 * fetch_models) belong to the relay module.
 */
export async function channelsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/channel/', admin, async (req) => {
    const q = parse(ChannelListParamsSchema, req.query);
    const page = zeroBasedPageRequest(req.query);
    const query = { idSort: q.id_sort ?? false, tagMode: q.tag_mode ?? false };
    // 0.4.8's shape: a bare array, `p` 0-based (the console reads `data` as the rows).
    return ok((await service.listChannels(ctx, query, page)).items);
  });

  app.get('/api/channel/search', admin, async (req) => {
    const q = parse(ChannelSearchParamsSchema, req.query);
    const query = { ...q, idSort: q.id_sort ?? false, tagMode: q.tag_mode ?? false };
    // Unpaged in 0.4.8: every match, as a bare array.
    return ok((await service.listChannels(ctx, query, unpaged(UNPAGED_SEARCH_LIMIT))).items);
  });

  app.get('/api/channel/models', admin, async () => ok(modelCatalogue()));

  app.get('/api/channel/models_enabled', admin, async () => ok(await listEnabledModels(ctx.db)));

  // The console's editor reads this as any logged-in user (contract §3: user level); no `message` needed.
  app.get('/api/models', { config: { auth: 'user' } }, async () => ({
    success: true,
    data: Object.fromEntries(
      Object.entries(MODELS_BY_CHANNEL_TYPE).map(([type, models]) => [type, [...models]]),
    ),
  }));

  app.get('/api/channel/:id', admin, async (req) =>
    ok(service.toChannelDto(await service.getChannel(ctx, idOf(req)))),
  );

  app.post('/api/channel/:id/key', { config: { auth: 'root', critical: true } }, async (req) =>
    ok({ key: await service.revealKey(ctx, idOf(req)) }),
  );

  app.post('/api/channel/', admin, async (req) => {
    const ids = await service.createChannels(ctx, parse(ChannelCreateParamsSchema, req.body));
    return ok(ids);
  });

  // One route for full edits and the list's inline status, priority and weight edits.
  app.put('/api/channel/', admin, async (req) => {
    const saved = await service.updateChannel(ctx, parse(ChannelUpdateParamsSchema, req.body));
    return ok(service.toChannelDto(saved));
  });

  app.delete('/api/channel/disabled', admin, async () => ok(await service.deleteDisabledChannels(ctx)));

  app.delete('/api/channel/:id', admin, async (req) => {
    const id = idOf(req);
    await service.getChannel(ctx, id);
    await service.deleteChannels(ctx, [id]);
    return ok();
  });

  app.post('/api/channel/batch', admin, async (req) => {
    const { ids } = parse(ChannelBatchDeleteParamsSchema, req.body);
    return ok(await service.deleteChannels(ctx, ids));
  });

  app.post('/api/channel/fix', admin, async () => ok(await service.fixAbilities(ctx)));

  await tagsRoutes(app, ctx);
}
