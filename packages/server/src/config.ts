import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { autoOrBool, bool, ConfigError, int, type Env } from './config-env.js';
import {
  channelUpdateFrequency,
  databaseTarget,
  logDir,
  port,
  rateLimit,
  taskPollMs,
} from './config-newapi.js';
import type { DbTarget } from './db/database.js';
import type { ServerFlags } from './flags.js';

export { ConfigError } from './config-env.js';

/** Everything the server reads from the environment, with new-api's variable names where they exist. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  db: DbTarget;
  sessionSecret: string;
  cryptoSecret: string;
  initialRootPassword: string | undefined;
  /** Per-IP limit on /api: `count` requests per `durationS` seconds. */
  globalApiRateLimit: { enabled: boolean; count: number; durationS: number };
  /** Per-IP limit on login, register, reset and OAuth. */
  criticalRateLimit: { enabled: boolean; count: number; durationS: number };
  /** Per-IP limit on the console's pages and files (`GLOBAL_WEB_RATE_LIMIT*`). */
  globalWebRateLimit: { enabled: boolean; count: number; durationS: number };
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** Largest `/api` body in bytes (never above `bodyLimit`): those are read before the session is checked. */
  apiBodyLimit: number;
  /** How long a client may take to send a request, and how many connections one address may hold. */
  connections: ConnectionLimits;
  /** The server's own log (warnings, failures; requests at `info`), on stderr; tests run without one. */
  logLevel?: LogLevel;
  /** `--log-dir`: the log also goes to files in this directory. */
  logDir?: string;
  /** `--migrate` or `MIGRATE_FROM_NEWAPI=true`: a new-api database may be upgraded in place. */
  migrateFromNewApi?: boolean;
  /** `GENERATE_DEFAULT_TOKEN`: every sign-up also gets a token, as new-api's registration makes. */
  generateDefaultToken?: boolean;
  /** `CHANNEL_UPDATE_FREQUENCY`: minutes between refreshes of every channel's balance; off when unset. */
  channelUpdateFrequencyMin?: number;
  /** `UPDATE_TASK` / `TASK_POLL_MS`: milliseconds between polls of unfinished tasks; 0 or unset polls never. */
  taskPollMs?: number;
  /** Directory of the built console, served at / when it exists. */
  webDist: string | undefined;
  /** Draw the console's table screens on the server (WEB_SSR, default on when the server build exists). */
  webSsr: boolean;
  trustProxy: boolean;
  /**
   * `COOKIE_SECURE`: when cookies carry `Secure`. `auto` (the default) on requests that came over TLS, as
   * `X-Forwarded-Proto` says behind a proxy trusted with `TRUST_PROXY`; `true` always; `false` never.
   */
  cookieSecure?: 'auto' | boolean;
  redisUrl: string | undefined;
  /** How several nodes on one database agree (see "Running several nodes" in the README). */
  cluster?: ClusterConfig;
  /** Settlement journal directory (crash safety of batched quota writes); none for in-memory databases. */
  ledgerJournalDir?: string | undefined;
  /**
   * Lets users' webhooks reach private, loopback and link-local addresses (`WEBHOOK_ALLOW_PRIVATE`); off,
   * they must resolve to public addresses. Operator-configured URLs (channels, SMTP, the worker) are never
   * restricted.
   */
  webhookAllowPrivate?: boolean;
  /**
   * Where the sign-in providers and Turnstile's siteverify are reached; unset entries use the real services
   * (see `PROVIDER_URL_DEFAULTS`). Set for self-hosted compatible providers and for tests.
   */
  providerUrls?: Partial<ProviderUrls>;
}

/**
 * The request-reading phase only: none of these cuts an answer that is being streamed. Times in milliseconds,
 * 0 for none.
 */
export interface ConnectionLimits {
  /** `REQUEST_HEADERS_TIMEOUT_S` (30): a request's headers must all arrive within this. */
  headersTimeoutMs: number;
  /** `REQUEST_READ_TIMEOUT_S` (120): a whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** `KEEP_ALIVE_TIMEOUT_S` (72): an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** `MAX_CONNECTIONS_PER_IP` (256; 0 by default with `TRUST_PROXY`, whose proxy is every client's address). */
  perAddress: number;
}

export interface ClusterConfig {
  /** `SYNC_FREQUENCY` (60 s): how often options, channels and cached callers are read again in full. */
  syncMs: number;
  /** `NODE_TYPE`: `slave` runs no periodic job (new-api's name); any other value, or none, takes part. */
  role: 'master' | 'slave';
  /** `SHUTDOWN_TIMEOUT` (30 s): how long requests in flight may take to finish after SIGTERM. */
  shutdownMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The third-party endpoints the server calls, each overridable by its environment variable. */
export interface ProviderUrls {
  /** `GITHUB_OAUTH_URL`: the base of `/login/oauth/authorize` and `/login/oauth/access_token`. */
  githubOAuth: string;
  /** `GITHUB_API_URL`: the base of `/user` (GitHub Enterprise: `https://<host>/api/v3`). */
  githubApi: string;
  /** `LINUXDO_OAUTH_URL`: the base of `/oauth2/authorize` and `/oauth2/token`. */
  linuxdoOAuth: string;
  /** `LINUXDO_API_URL`: the base of `/api/user`; Linux DO serves it on the OAuth host. */
  linuxdoApi: string;
  /** `TURNSTILE_VERIFY_URL`: the full siteverify URL. */
  turnstileVerify: string;
}

export const PROVIDER_URL_DEFAULTS: ProviderUrls = {
  githubOAuth: 'https://github.com',
  githubApi: 'https://api.github.com',
  linuxdoOAuth: 'https://connect.linux.do',
  linuxdoApi: 'https://connect.linux.do',
  turnstileVerify: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/** The configured endpoints over the defaults; Linux DO's API follows its OAuth host unless set apart. */
export function providerUrlsOf(config: Config): ProviderUrls {
  const given = config.providerUrls ?? {};
  const linuxdoOAuth = given.linuxdoOAuth || PROVIDER_URL_DEFAULTS.linuxdoOAuth;
  const trim = (url: string) => url.replace(/\/+$/, '');
  return {
    githubOAuth: trim(given.githubOAuth || PROVIDER_URL_DEFAULTS.githubOAuth),
    githubApi: trim(given.githubApi || PROVIDER_URL_DEFAULTS.githubApi),
    linuxdoOAuth: trim(linuxdoOAuth),
    linuxdoApi: trim(
      given.linuxdoApi || (given.linuxdoOAuth ? linuxdoOAuth : PROVIDER_URL_DEFAULTS.linuxdoApi),
    ),
    turnstileVerify: given.turnstileVerify || PROVIDER_URL_DEFAULTS.turnstileVerify,
  };
}

/** An http(s) URL from the environment, or undefined when unset. */
function url(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
}

function providerUrlsFromEnv(env: Env): Partial<ProviderUrls> {
  const entries = {
    githubOAuth: url(env, 'GITHUB_OAUTH_URL'),
    githubApi: url(env, 'GITHUB_API_URL'),
    linuxdoOAuth: url(env, 'LINUXDO_OAUTH_URL'),
    linuxdoApi: url(env, 'LINUXDO_API_URL'),
    turnstileVerify: url(env, 'TURNSTILE_VERIFY_URL'),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/**
 * Secrets left unset are generated once and kept in `<dataDir>/secrets.json`, so restarts keep sessions and
 * encrypted channel keys readable.
 */
function persistedSecrets(dataDir: string): { sessionSecret: string; cryptoSecret: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      if (typeof parsed.sessionSecret === 'string' && typeof parsed.cryptoSecret === 'string') {
        return { sessionSecret: parsed.sessionSecret, cryptoSecret: parsed.cryptoSecret };
      }
    } catch {
      throw new ConfigError(`${file} is not valid JSON: fix or delete it (deleting logs everybody out)`);
    }
  }
  const secrets = {
    sessionSecret: randomBytes(32).toString('hex'),
    cryptoSecret: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function connectionLimits(env: Env, trustProxy: boolean): ConnectionLimits {
  const limits = {
    headersTimeoutMs: int(env, 'REQUEST_HEADERS_TIMEOUT_S', 30) * 1000,
    requestTimeoutMs: int(env, 'REQUEST_READ_TIMEOUT_S', 120) * 1000,
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_S', 72) * 1000,
    perAddress: int(env, 'MAX_CONNECTIONS_PER_IP', trustProxy ? 0 : 256),
  };
  if (limits.requestTimeoutMs > 0 && limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError('REQUEST_HEADERS_TIMEOUT_S must not exceed REQUEST_READ_TIMEOUT_S');
  }
  return limits;
}

/** `LOG_LEVEL`; `LOG_REQUESTS=true` (every request logged) stands for `info`. */
function logLevel(env: Env): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return env.LOG_REQUESTS === 'true' ? 'info' : 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return raw as LogLevel;
}

/** new-api's `SYNC_FREQUENCY` and `NODE_TYPE`, and the drain deadline of a rolling restart. */
function clusterConfig(env: Env): ClusterConfig {
  return {
    syncMs: int(env, 'SYNC_FREQUENCY', 60, 1) * 1000,
    role: env.NODE_TYPE?.trim().toLowerCase() === 'slave' ? 'slave' : 'master',
    shutdownMs: int(env, 'SHUTDOWN_TIMEOUT', 30, 0) * 1000,
  };
}

/** `LEDGER_JOURNAL_DIR=off` trades crash safety of the last few milliseconds of billing for a little speed. */
function journalDir(env: Env, dataDir: string, db: DbTarget): string | undefined {
  const raw = env.LEDGER_JOURNAL_DIR?.trim();
  if (raw === 'off') return undefined;
  if (raw) return resolve(raw);
  return db.dialect === 'sqlite' && db.url === ':memory:' ? undefined : join(dataDir, 'ledger');
}

export function loadConfig(env: Env = process.env, flags: ServerFlags = {}): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const db = databaseTarget(env, dataDir);
  if (db.dialect === 'sqlite' && db.url !== ':memory:') mkdirSync(dirname(db.url), { recursive: true });
  if (env.SESSION_SECRET === 'random_string') {
    throw new ConfigError('SESSION_SECRET is still the example value "random_string": set a real secret');
  }
  const needPersisted = !env.SESSION_SECRET || !env.CRYPTO_SECRET;
  const persisted = needPersisted ? persistedSecrets(dataDir) : undefined;
  const sessionSecret = env.SESSION_SECRET || persisted!.sessionSecret;
  // new-api falls back to SESSION_SECRET; keep that so an imported database's keys stay readable.
  const cryptoSecret = env.CRYPTO_SECRET || env.SESSION_SECRET || persisted!.cryptoSecret;
  const webDist = env.WEB_DIST ? resolve(env.WEB_DIST) : undefined;
  const bodyLimit = int(env, 'MAX_REQUEST_BODY_MB', 32, 1) * 1024 * 1024;
  const trustProxy = bool(env, 'TRUST_PROXY', false);
  return {
    port: port(env, flags),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    db,
    sessionSecret,
    cryptoSecret,
    initialRootPassword: env.INITIAL_ROOT_PASSWORD || undefined,
    globalApiRateLimit: rateLimit(env, 'GLOBAL_API_RATE_LIMIT', 180, 180),
    criticalRateLimit: rateLimit(env, 'CRITICAL_RATE_LIMIT', 20, 1200),
    globalWebRateLimit: rateLimit(env, 'GLOBAL_WEB_RATE_LIMIT', 60, 180),
    bodyLimit,
    apiBodyLimit: Math.min(int(env, 'MAX_API_BODY_KB', 1024, 1) * 1024, bodyLimit),
    connections: connectionLimits(env, trustProxy),
    logLevel: logLevel(env),
    logDir: logDir(flags),
    migrateFromNewApi: flags.migrate === true || bool(env, 'MIGRATE_FROM_NEWAPI', false),
    generateDefaultToken: bool(env, 'GENERATE_DEFAULT_TOKEN', false),
    channelUpdateFrequencyMin: channelUpdateFrequency(env),
    taskPollMs: taskPollMs(env),
    webDist,
    webSsr: bool(env, 'WEB_SSR', true),
    trustProxy,
    cookieSecure: autoOrBool(env, 'COOKIE_SECURE'),
    redisUrl: env.REDIS_CONN_STRING || undefined,
    cluster: clusterConfig(env),
    ledgerJournalDir: journalDir(env, dataDir, db),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    providerUrls: providerUrlsFromEnv(env),
  };
}
