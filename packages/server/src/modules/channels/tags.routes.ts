import {
  CHANNEL_ROUTES,
  CHANNEL_TAG_ROUTES,
  ChannelBatchTagParamsSchema,
  ChannelStatus,
  plainText,
} from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { editTag, setChannelsTag, setTagStatus } from './tags.service.js';

const R = CHANNEL_TAG_ROUTES;

// new-api accepts `tag: null` (and "") to clear the tag of the selected channels; the console's
// 'tag cannot be empty' check stays a client-side rule, so the server reads the body with this schema.
const BatchTagSchema = ChannelBatchTagParamsSchema.extend({
  tag: plainText(z.string().trim())
    .nullish()
    .transform((tag) => tag ?? ''),
});

/** Tag-wide channel operations of contract §3.6, admin only. */
export async function tagsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, CHANNEL_ROUTES.setTag, async ({ req }) => {
    const { ids, tag } = parse(BatchTagSchema, req.body);
    return ok(await setChannelsTag(ctx, caller(req), ids, tag));
  });

  apiRoute(app, R.enable, { body: true }, async ({ req, body }) => {
    await setTagStatus(ctx, caller(req), body.tag, ChannelStatus.Enabled);
    return ok();
  });

  apiRoute(app, R.disable, { body: true }, async ({ req, body }) => {
    await setTagStatus(ctx, caller(req), body.tag, ChannelStatus.ManuallyDisabled);
    return ok();
  });

  apiRoute(app, R.update, { body: true }, async ({ req, body }) => {
    await editTag(ctx, caller(req), body);
    return ok();
  });
}
