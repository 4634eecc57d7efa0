import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { updateAllBalances } from '../relay/channel-balance.js';
import { ChannelHealth } from '../relay/channel-health.js';
import { ChannelIndex } from '../relay/channel-index.js';
import type { RelayRuntime } from '../relay/runtime.js';
import { createUpstreamAgent } from '../relay/upstream.js';

/**
 * `CHANNEL_UPDATE_FREQUENCY`: every `everyMs`, the balance of every enabled channel is refreshed as
 * `GET /api/channel/update_balance` does (disabling an empty one when automatic disabling allows). As in new-api
 * the first refresh comes one period after start; a run still going when the next is due is not doubled.
 *
 * The refresh needs only the channel index, the health rules and an upstream agent of the relay's runtime; its
 * own are built here (the index loads lazily, on the first run), so the relay stays untouched.
 */
export function scheduleChannelBalances(app: FastifyInstance, ctx: AppContext, everyMs: number): void {
  const rt = {
    ctx,
    channels: new ChannelIndex(ctx),
    health: new ChannelHealth(ctx),
    agent: createUpstreamAgent(60_000),
  } as Pick<RelayRuntime, 'ctx' | 'channels' | 'health' | 'agent'> as RelayRuntime;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = updateAllBalances(rt)
      .then((updated) => app.log.info({ updated }, 'channel balances refreshed'))
      .catch((err: unknown) => app.log.error({ err }, 'channel balance refresh failed'))
      .finally(() => (running = undefined));
  }, everyMs).unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    await rt.agent.closeAll();
  });
}
