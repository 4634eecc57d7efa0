import type { FastifyReply } from 'fastify';
import { getGlobalDispatcher, type Dispatcher } from 'undici';
import { publicOnlyAgent } from '../../net/public-agent.js';
import type { RelayRuntime } from '../runtime.js';
import { callTaskUpstream, TaskUpstreamError } from './task-http.js';

/** An image larger than this is not forwarded. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 30_000;

let publicAgent: Dispatcher | undefined;

/**
 * Where an image URL may be fetched from. A task's URL comes from the drawing proxy, or from a key holder's
 * `/mj/notify`, so it is fetched from public addresses only, unless it is on the host of the task's own
 * channel: the administrator configured that one (a proxy serving its images itself, on a private network).
 */
function dispatcherFor(rt: RelayRuntime, url: URL, channelId: number): Dispatcher {
  const channel = rt.channels.get(channelId);
  if (channel) {
    try {
      if (new URL(channel.baseUrl).origin === url.origin) return getGlobalDispatcher();
    } catch {
      // A channel without a usable base URL vouches for nothing.
    }
  }
  return (publicAgent ??= publicOnlyAgent());
}

/**
 * `GET /mj/image/{id}` (new-api's RelayMidjourneyImage, no key): the task's image fetched and passed on with
 * its content type (JPEG when the proxy names none), within a size and time bound and through the address
 * check above. The URL that MjForwardUrlEnabled writes into task answers leads here.
 */
export async function serveMjImage(rt: RelayRuntime, mjId: string, reply: FastifyReply) {
  const row = await rt.ctx.db
    .selectFrom('midjourneys')
    .select(['image_url', 'channel_id'])
    .where('mj_id', '=', mjId)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return reply.status(400).send({ error: 'midjourney_task_not_found' });
  let url: URL;
  try {
    url = new URL(row.image_url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return reply.status(502).send({ error: 'http_get_image_failed' });
  }
  await rt.channels.ready();
  let image;
  try {
    image = await callTaskUpstream(
      'GET',
      url.href,
      {},
      undefined,
      IMAGE_TIMEOUT_MS,
      dispatcherFor(rt, url, Number(row.channel_id)),
      { maxBytes: MAX_IMAGE_BYTES, binary: true },
    );
  } catch (err) {
    if (err instanceof TaskUpstreamError) return reply.status(502).send({ error: 'http_get_image_failed' });
    throw err;
  }
  if (image.status !== 200) return reply.status(image.status).send({ error: image.bytes.toString('utf8') });
  return reply.header('content-type', image.contentType || 'image/jpeg').send(image.bytes);
}
