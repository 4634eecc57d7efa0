import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChannelFetchModelsParamsSchema,
  ChannelStatus,
  ChannelTestParamsSchema,
  formatZodError,
  IdSchema,
  isHttpUrl,
  translate,
} from '@switchboard/sdk';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { requestLang } from '../../http/language.js';
import { parse } from '../../http/validate.js';
import { updateAllBalances, updateBalance } from './channel-balance.js';
import { BadChannelField, fetchUpstreamModels, testChannel, UpstreamFailure } from './channel-ops.js';
import type { ChannelConfig } from '../../relay/providers/types.js';
import type { RelayRuntime } from '../../relay/runtime.js';

const admin = { config: { auth: 'admin' as const } };
const idOf = (req: FastifyRequest) => parse(IdSchema, (req.params as { id?: unknown }).id);

/**
 * Tests every channel (except those an administrator disabled) one after another, `POLLING_INTERVAL` seconds
 * apart; one run at a time, stoppable when the app closes.
 */
class ChannelTester {
  private run: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly rt: RelayRuntime,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A run to the end (the periodic job): the one under way, or a new one. */
  async runOnce(): Promise<void> {
    this.start();
    await this.run;
  }

  /** Starts a run in the background; false when one is already running. */
  start(): boolean {
    if (this.run || this.stopping.signal.aborted) return false;
    this.run = this.testAll()
      .catch((err: unknown) => this.log.error({ err }, 'channel test run failed'))
      .finally(() => (this.run = undefined));
    return true;
  }

  private async testAll(): Promise<void> {
    const signal = this.stopping.signal;
    const intervalMs = (Number(process.env.POLLING_INTERVAL) || 0) * 1000;
    const rows = await this.rt.ctx.db
      .selectFrom('channels')
      .select('id')
      .where('status', '!=', ChannelStatus.ManuallyDisabled)
      .orderBy('id')
      .execute();
    for (const [i, { id }] of rows.entries()) {
      if (signal.aborted) return;
      if (i > 0 && intervalMs > 0) await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      try {
        await testChannel(this.rt, id, undefined, 'zh', signal);
      } catch (err) {
        // A channel deleted meanwhile, or a database hiccup: the others still get tested.
        if (!signal.aborted) this.log.warn({ err, channelId: id }, 'channel test failed');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.run;
  }
}

/** Fetch-models answers the upstream's failure as 502, with its message, in the envelope. */
/** An upstream refusal: new-api answers it with HTTP 200 on `GET fetch_models/:id` and 500 on `POST fetch_models`. */
async function modelsOrFailure(
  req: FastifyRequest,
  reply: FastifyReply,
  status: 200 | 500,
  load: () => Promise<string[]>,
) {
  try {
    return ok(await load());
  } catch (err) {
    if (err instanceof BadChannelField) {
      // The input at fault, not the upstream: new-api's 400 for a bad fetch_models body, naming the field.
      const lang = requestLang(req);
      const reason = translate('channel.headerUnsafe', lang);
      return reply.status(400).send({
        success: false,
        message: translate('relay.invalidField', lang, { field: err.field, reason }),
      });
    }
    if (!(err instanceof UpstreamFailure)) throw err;
    const message = `${translate('channel.fetchModelsFailed', requestLang(req))}: ${err.message}`;
    return reply.status(status).send({ success: false, message });
  }
}

/**
 * The relay-backed `/api/channel` routes (contract §3.6), admin only: test, fetch_models, update_balance.
 * Also runs the periodic channel test when CHANNEL_TEST_FREQUENCY (minutes) is set.
 */
export async function channelOpsRoutes(app: FastifyInstance, rt: RelayRuntime): Promise<void> {
  const tester = new ChannelTester(rt, app.log);
  const everyMin = Number(process.env.CHANNEL_TEST_FREQUENCY) || 0;
  // On one node at a time: two nodes must not test the same channel twice in one period.
  rt.ctx.jobs.every('channel-test', everyMin * 60_000, () => tester.runOnce());
  // CHANNEL_UPDATE_FREQUENCY: every enabled channel's balance, as GET /api/channel/update_balance refreshes it
  // (an empty one disabled when automatic disabling allows); the first one period after start, as in new-api.
  const balanceEveryMin = rt.ctx.config.channelUpdateFrequencyMin ?? 0;
  rt.ctx.jobs.every('channel-balances', balanceEveryMin * 60_000, async () => {
    const updated = await updateAllBalances(rt);
    app.log.info({ updated }, 'channel balances refreshed');
  });
  // preClose: stop before the relay's onClose hook closes the upstream agent under a running test.
  app.addHook('preClose', () => tester.stop());

  app.get('/api/channel/test', admin, async () => {
    if (!tester.start()) throw conflict('channel.testRunning');
    return ok();
  });

  // Top-level {success, message, time} as new-api answers it.
  app.get('/api/channel/test/:id', admin, async (req) => {
    const { model } = parse(ChannelTestParamsSchema, req.query);
    return testChannel(rt, idOf(req), model, requestLang(req));
  });

  app.get('/api/channel/fetch_models/:id', admin, async (req, reply) => {
    const id = idOf(req);
    await rt.channels.ready();
    const channel = rt.channels.get(id);
    if (!channel) throw notFound('channel.notFound');
    // A row written before base URLs were checked: its address is the input at fault, not the upstream.
    if (channel.baseUrl && !isHttpUrl(channel.baseUrl)) throw badRequest('channel.baseUrlInvalid');
    return modelsOrFailure(req, reply, 200, () => fetchUpstreamModels(rt, channel));
  });

  app.post('/api/channel/fetch_models', admin, async (req, reply) => {
    const parsed = ChannelFetchModelsParamsSchema.safeParse(req.body ?? {});
    // One of the few /api refusals new-api sends with a status of its own: HTTP 400.
    if (!parsed.success)
      return reply
        .status(400)
        .send({ success: false, message: formatZodError(parsed.error, requestLang(req)) });
    const params = parsed.data;
    const channel: ChannelConfig = {
      id: 0,
      type: params.type,
      key: params.key,
      baseUrl: params.base_url.replace(/\/+$/, ''),
      other: '',
      organization: '',
      setting: {},
    };
    return modelsOrFailure(req, reply, 500, () => fetchUpstreamModels(rt, channel));
  });

  app.get('/api/channel/update_balance', admin, async () => ok(await updateAllBalances(rt)));

  // Top-level {success, message, balance} as new-api answers it.
  app.get('/api/channel/update_balance/:id', admin, async (req) =>
    updateBalance(rt, idOf(req), requestLang(req)),
  );
}
