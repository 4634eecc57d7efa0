import {
  ChannelBatchTagParamsSchema,
  ChannelStatus,
  ChannelTagEditParamsSchema,
  ChannelTagParamsSchema,
  plainText,
} from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { editTag, setChannelsTag, setTagStatus } from './tags.service.js';

const admin = { config: { auth: 'admin' as const } };

// new-api accepts `tag: null` (and "") to clear the tag of the selected channels; the console's
// 'tag cannot be empty' check stays a client-side rule.
const BatchTagSchema = ChannelBatchTagParamsSchema.extend({
  tag: plainText(z.string().trim())
    .nullish()
    .transform((tag) => tag ?? ''),
});

/** Tag-wide channel operations of contract §3.6, admin only. */
export async function tagsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/channel/batch/tag', admin, async (req) => {
    const { ids, tag } = parse(BatchTagSchema, req.body);
    return ok(await setChannelsTag(ctx, ids, tag));
  });

  app.post('/api/channel/tag/enabled', admin, async (req) => {
    const { tag } = parse(ChannelTagParamsSchema, req.body);
    await setTagStatus(ctx, tag, ChannelStatus.Enabled);
    return ok();
  });

  app.post('/api/channel/tag/disabled', admin, async (req) => {
    const { tag } = parse(ChannelTagParamsSchema, req.body);
    await setTagStatus(ctx, tag, ChannelStatus.ManuallyDisabled);
    return ok();
  });

  app.put('/api/channel/tag', admin, async (req) => {
    await editTag(ctx, parse(ChannelTagEditParamsSchema, req.body));
    return ok();
  });
}
