import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { seedFixtures, type Credentials } from './fixtures/index.js';
import {
  buildApp,
  consoleFeatures,
  createConsoleRenderer,
  createDb,
  migrateToLatest,
  registerWebConsole,
  ssrEntryOf,
  testConfig,
  type AppContext,
  type Config,
  type ProviderUrls,
  type Db,
} from './server-api.js';
import { startAnthropicUpstream, type AnthropicUpstream } from './upstreams/anthropic.js';
import { startGeminiUpstream, type GeminiUpstream } from './upstreams/gemini.js';
import { startOpenAiUpstream, type OpenAiUpstream } from './upstreams/openai.js';
import { startEpayServer, type FakeEpay } from './upstreams/epay.js';
import { startMidjourneyUpstream, type MidjourneyUpstream } from './upstreams/midjourney-proxy.js';
import { startSunoUpstream, type SunoUpstream } from './upstreams/suno.js';

export type { Credentials } from './fixtures/index.js';
export type { UserCredential, UserFixtures } from './fixtures/users.js';
export type { ChannelFixture } from './fixtures/channels.js';
export type { TokenFixture } from './fixtures/tokens.js';
export type { RedemptionFixture } from './fixtures/redemptions.js';
export { LOG_COUNT } from './fixtures/logs.js';
export type { OpenAiUpstream, RecordedRequest } from './upstreams/openai.js';
export { startOpenAiUpstream, FAIL_HEADER, LATENCY_HEADER } from './upstreams/openai.js';
export {
  startAnthropicUpstream,
  REDACTED_THINKING_TRIGGER,
  THINKING,
  type AnthropicUpstream,
} from './upstreams/anthropic.js';
export { startGeminiUpstream, CACHED_CONTENT_TOKENS, type GeminiUpstream } from './upstreams/gemini.js';
export { REPLY, REPLY_WORDS, MESSAGE_OVERHEAD } from './upstreams/openai-responses.js';
export { setReplyScript, type ReplyScript } from './upstreams/script.js';
export {
  startEpayServer,
  type EpayNotifyOptions,
  type EpayOrder,
  type EpaySubmission,
  type FakeEpay,
} from './upstreams/epay.js';
export * from './providers/index.js';
export {
  startMidjourneyUpstream,
  FAKE_PNG,
  type MidjourneyUpstream,
  type FakeMjTask,
  type FakeMjButton,
} from './upstreams/midjourney-proxy.js';
export { startSunoUpstream, type SunoUpstream, type FakeSunoTask } from './upstreams/suno.js';

export interface MockServerOptions {
  /** Drives every generated key, name and number; the same seed gives the same fixtures. */
  seed?: number;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Latency of the fake upstream; change it later with `upstreams.openai.setLatency`. */
  upstreamLatencyMs?: number;
  /** Unix seconds the fixtures are dated from (default: now); fix it for byte-identical fixtures. */
  now?: number;
  /** Lets users' webhooks reach loopback and private addresses, as `WEBHOOK_ALLOW_PRIVATE=true` does. */
  webhookAllowPrivate?: boolean;
  /** A built web console to serve at `/` (packages/web/dist), as the real server does. */
  webDist?: string;
  /** Draw the console's table screens on the server, as the real server does (default true with webDist). */
  webSsr?: boolean;
  /**
   * Starts a fake Epay gateway and turns online top-up on (PayAddress, EpayId, EpayKey, and ServerAddress set to
   * this server, so notifications come back here).
   */
  epay?: boolean;
  /** Where the server reaches GitHub, Linux DO and siteverify: point them at the fakes of `./providers`. */
  providerUrls?: Partial<ProviderUrls>;
  /**
   * Keeps the database in `dataDir/switchboard.db`, with the settlement journal in `dataDir/ledger`, as the
   * real server does; settlements are then written by the worker thread. In memory by default.
   */
  dataDir?: string;
  /** Server configuration over the test defaults: body limits, timeouts, connection bounds, rate limits. */
  config?: Partial<Config>;
  /** The server's clock (unix seconds), to move time in tests: budgets' periods follow it. */
  clock?: () => number;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the management API under /api, the relay under /v1. */
  url: string;
  port: number;
  app: FastifyInstance;
  /**
   * One request in process, taking the path a request from a socket takes (the relay's chat routes ahead of
   * Fastify); `app.inject` goes straight to Fastify's router.
   */
  inject(opts: InjectOptions | string): Promise<LightMyRequestResponse>;
  ctx: AppContext;
  db: Db;
  upstreams: {
    openai: OpenAiUpstream;
    anthropic: AnthropicUpstream;
    gemini: GeminiUpstream;
    /** A fake midjourney-proxy (key `mj-secret`) and a fake Suno API (key `suno-secret`); no channel uses them until a test adds one. */
    midjourney: MidjourneyUpstream;
    suno: SunoUpstream;
  };
  credentials: Credentials;
  /** The fake Epay gateway, when started with `epay: true`. */
  epay: FakeEpay | undefined;
  /** Stops the server and the upstream and drops the database. */
  close(): Promise<void>;
}

/** The real server (buildApp) on a fresh in-memory SQLite, seeded with fixtures, listening on loopback. */
export async function createMockServer(opts: MockServerOptions = {}): Promise<MockServer> {
  const latencyMs = opts.upstreamLatencyMs;
  const [openai, anthropic, gemini, midjourney, suno] = await Promise.all([
    startOpenAiUpstream({ latencyMs }),
    startAnthropicUpstream({ latencyMs }),
    startGeminiUpstream({ latencyMs }),
    startMidjourneyUpstream(),
    startSunoUpstream(),
  ]);
  const epay = opts.epay ? await startEpayServer() : undefined;
  const closeUpstreams = () =>
    Promise.all([
      openai.close(),
      anthropic.close(),
      gemini.close(),
      midjourney.close(),
      suno.close(),
      epay?.close(),
    ]);
  const dbTarget = {
    dialect: 'sqlite' as const,
    url: opts.dataDir ? join(opts.dataDir, 'switchboard.db') : ':memory:',
  };
  const db = await createDb(dbTarget);
  try {
    await migrateToLatest(db);
    const host = opts.host ?? '127.0.0.1';
    const { app, ctx, inject } = await buildApp({
      db,
      ...(opts.clock ? { now: opts.clock } : {}),
      config: testConfig({
        port: opts.port ?? 0,
        host,
        webhookAllowPrivate: opts.webhookAllowPrivate ?? false,
        providerUrls: opts.providerUrls ?? {},
        ...opts.config,
        ...(opts.dataDir && {
          dataDir: opts.dataDir,
          db: dbTarget,
          ledgerJournalDir: join(opts.dataDir, 'ledger'),
        }),
      }),
    });
    const credentials = await seedFixtures(ctx, {
      seed: opts.seed ?? 1,
      now: opts.now ?? Math.floor(Date.now() / 1000),
      upstreams: { openai: openai.url, anthropic: anthropic.url, gemini: gemini.url },
    });
    if (opts.webDist) {
      const draw =
        opts.webSsr === false ? undefined : createConsoleRenderer(app, ctx, ssrEntryOf(opts.webDist));
      await registerWebConsole(app, opts.webDist, draw, consoleFeatures(ctx), () =>
        ctx.options.get('SystemName'),
      );
    }
    await app.listen({ port: opts.port ?? 0, host });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://${host}:${port}`;
    if (epay) {
      const payment = { ServerAddress: url, PayAddress: epay.url, EpayId: epay.pid, EpayKey: epay.key };
      for (const [key, value] of Object.entries(payment)) await ctx.options.set(key, value);
    }
    let closed = false;
    return {
      url,
      port,
      app,
      inject,
      ctx,
      db,
      upstreams: { openai, anthropic, gemini, midjourney, suno },
      credentials,
      epay,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await closeUpstreams();
        await db.destroy();
      },
    };
  } catch (err) {
    await closeUpstreams();
    await db.destroy();
    throw err;
  }
}
