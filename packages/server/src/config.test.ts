import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PROVIDER_URL_DEFAULTS, providerUrlsOf } from './config.js';

describe('loadConfig', () => {
  it('generates secrets once under the data dir and keeps them across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swb-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const again = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(again.sessionSecret).toBe(first.sessionSecret);
    expect(again.cryptoSecret).toBe(first.cryptoSecret);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).sessionSecret).toBe(
      first.sessionSecret,
    );
    expect(first.db).toEqual({ dialect: 'sqlite', url: join(dir, 'switchboard.db') });
    expect(first.port).toBe(3000);
  });

  it('takes new-api variable names and stops on a mistake with one line saying what to fix', () => {
    const c = loadConfig({
      SESSION_SECRET: 's',
      PORT: '8080',
      SQL_DSN: 'postgres://u@h/db',
      GLOBAL_API_RATE_LIMIT: '50',
    });
    expect(c).toMatchObject({ port: 8080, cryptoSecret: 's', db: { dialect: 'postgres' } });
    expect(c.globalApiRateLimit.count).toBe(50);
    expect(() => loadConfig({ SESSION_SECRET: 's', PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be an integer ≥ 0, got "eighty"'),
    );
    expect(() => loadConfig({ SESSION_SECRET: 'random_string' })).toThrow(/random_string/);
    expect(() => loadConfig({ SESSION_SECRET: 's', SQL_DSN: 'oracle://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_SECRET: 's', GLOBAL_API_RATE_LIMIT_ENABLE: 'maybe' })).toThrow(
      /true or false/,
    );
  });

  it('bounds request reading: /api bodies, deadlines, connections per address, each from its variable', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    expect(loadConfig(env)).toMatchObject({
      bodyLimit: 32 * 2 ** 20,
      apiBodyLimit: 2 ** 20,
      connections: {
        headersTimeoutMs: 30_000,
        requestTimeoutMs: 120_000,
        keepAliveTimeoutMs: 72_000,
        perAddress: 256,
      },
      logLevel: 'warn',
    });
    // Behind a proxy every client has the proxy's address: no bound unless one is asked for.
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }).connections.perAddress).toBe(0);
    expect(
      loadConfig({ ...env, TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_IP: '64' }).connections.perAddress,
    ).toBe(64);
    const set = loadConfig({
      ...env,
      MAX_API_BODY_KB: '4096',
      MAX_REQUEST_BODY_MB: '2',
      REQUEST_HEADERS_TIMEOUT_S: '5',
      REQUEST_READ_TIMEOUT_S: '0',
      KEEP_ALIVE_TIMEOUT_S: '10',
      LOG_REQUESTS: 'true',
    });
    expect(set.apiBodyLimit).toBe(2 * 2 ** 20);
    expect(set.connections).toMatchObject({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 0,
      keepAliveTimeoutMs: 10_000,
    });
    expect(set.logLevel).toBe('info');
    expect(() =>
      loadConfig({ ...env, REQUEST_HEADERS_TIMEOUT_S: '60', REQUEST_READ_TIMEOUT_S: '30' }),
    ).toThrow(/must not exceed REQUEST_READ_TIMEOUT_S/);
    expect(() => loadConfig({ ...env, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('lets webhooks reach private addresses only when WEBHOOK_ALLOW_PRIVATE is true', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    expect(loadConfig(env).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(() => loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toThrow(/true or false/);
  });

  it('reads COOKIE_SECURE as auto (the default), true or false', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    expect(loadConfig(env).cookieSecure).toBe('auto');
    expect(loadConfig({ ...env, COOKIE_SECURE: ' Auto ' }).cookieSecure).toBe('auto');
    expect(loadConfig({ ...env, COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...env, COOKIE_SECURE: 'off' }).cookieSecure).toBe(false);
    expect(() => loadConfig({ ...env, COOKIE_SECURE: 'https' })).toThrow(/auto, true or false, got "https"/);
  });

  it('reaches the real sign-in services unless GITHUB_*_URL, LINUXDO_*_URL or TURNSTILE_VERIFY_URL say otherwise', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    expect(providerUrlsOf(loadConfig(env))).toEqual(PROVIDER_URL_DEFAULTS);
    const moved = providerUrlsOf(
      loadConfig({
        ...env,
        GITHUB_OAUTH_URL: 'https://ghe.example.com/',
        GITHUB_API_URL: 'https://ghe.example.com/api/v3',
        LINUXDO_OAUTH_URL: 'http://127.0.0.1:9000',
        TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9001/turnstile/v0/siteverify',
      }),
    );
    expect(moved).toEqual({
      githubOAuth: 'https://ghe.example.com',
      githubApi: 'https://ghe.example.com/api/v3',
      linuxdoOAuth: 'http://127.0.0.1:9000',
      // Linux DO serves its user API on the OAuth host, so it follows unless LINUXDO_API_URL is set.
      linuxdoApi: 'http://127.0.0.1:9000',
      turnstileVerify: 'http://127.0.0.1:9001/turnstile/v0/siteverify',
    });
    expect(
      providerUrlsOf(loadConfig({ ...env, LINUXDO_API_URL: 'https://api.example.com' })).linuxdoApi,
    ).toBe('https://api.example.com');
    expect(() => loadConfig({ ...env, GITHUB_API_URL: 'ftp://x' })).toThrow(/GITHUB_API_URL must be an http/);
    expect(() => loadConfig({ ...env, TURNSTILE_VERIFY_URL: 'not a url' })).toThrow(ConfigError);
  });

  it("reads new-api's database variables: Go's MySQL DSN, local, SQLITE_PATH options and the pool", () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c' };
    const go = loadConfig({ ...env, SQL_DSN: 'oneapi:pw@tcp(db:3306)/oneapi?parseTime=true' }).db;
    expect(go.dialect).toBe('mysql');
    expect(new URL(go.url).host).toBe('db:3306');
    // Pool defaults: 10 open (new-api's 1000 would exceed the servers' own limits), new-api's idle and lifetime.
    expect(go.pool).toEqual({ maxOpen: 10, maxIdle: 100, lifetimeS: 60 });
    const tuned = loadConfig({
      ...env,
      SQL_DSN: 'postgres://u@h/db',
      SQL_MAX_OPEN_CONNS: '25',
      SQL_MAX_IDLE_CONNS: '5',
      SQL_MAX_LIFETIME: '0',
    }).db;
    expect(tuned.pool).toEqual({ maxOpen: 25, maxIdle: 5, lifetimeS: 0 });
    expect(() => loadConfig({ ...env, SQL_DSN: 'postgres://u@h/db', SQL_MAX_OPEN_CONNS: '0' })).toThrow(
      new ConfigError('SQL_MAX_OPEN_CONNS must be an integer ≥ 1, got "0"'),
    );
    expect(() => loadConfig({ ...env, SQL_DSN: 'postgres://u@h/db', SQL_MAX_LIFETIME: '1m' })).toThrow(
      /SQL_MAX_LIFETIME must be an integer/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'swb-config-'));
    const local = loadConfig({
      ...env,
      SQL_DSN: 'local',
      SQLITE_PATH: `${dir}/one-api.db?_busy_timeout=5000`,
    });
    expect(local.db).toEqual({ dialect: 'sqlite', url: join(dir, 'one-api.db') });
  });

  it('reads GLOBAL_WEB_RATE_LIMIT*, GENERATE_DEFAULT_TOKEN, CHANNEL_UPDATE_FREQUENCY and MIGRATE_FROM_NEWAPI', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    expect(loadConfig(env)).toMatchObject({
      globalWebRateLimit: { enabled: true, count: 60, durationS: 180 },
      generateDefaultToken: false,
      channelUpdateFrequencyMin: undefined,
      migrateFromNewApi: false,
    });
    expect(
      loadConfig({
        ...env,
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'f',
        GLOBAL_WEB_RATE_LIMIT: '30',
        GLOBAL_WEB_RATE_LIMIT_DURATION: '60',
        GENERATE_DEFAULT_TOKEN: 'True',
        CHANNEL_UPDATE_FREQUENCY: '30',
        MIGRATE_FROM_NEWAPI: 'true',
      }),
    ).toMatchObject({
      globalWebRateLimit: { enabled: false, count: 30, durationS: 60 },
      generateDefaultToken: true,
      channelUpdateFrequencyMin: 30,
      migrateFromNewApi: true,
    });
    expect(loadConfig(env, { migrate: true }).migrateFromNewApi).toBe(true);
    // new-api stops on a frequency that is not a number; 0 would refresh without pause, so it is refused too.
    expect(() => loadConfig({ ...env, CHANNEL_UPDATE_FREQUENCY: 'hourly' })).toThrow(
      /CHANNEL_UPDATE_FREQUENCY must be an integer ≥ 1/,
    );
    expect(() => loadConfig({ ...env, CHANNEL_UPDATE_FREQUENCY: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, GLOBAL_WEB_RATE_LIMIT: 'lots' })).toThrow(
      /GLOBAL_WEB_RATE_LIMIT must be/,
    );
  });

  it('takes --port when PORT is unset and creates --log-dir', () => {
    const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };
    const dir = join(mkdtempSync(join(tmpdir(), 'swb-config-')), 'logs');
    const c = loadConfig(env, { port: 3100, logDir: dir });
    expect(c).toMatchObject({ port: 3100, logDir: dir });
    expect(existsSync(dir)).toBe(true);
    expect(loadConfig({ ...env, PORT: '3200' }, { port: 3100 }).port).toBe(3200);
    expect(loadConfig(env, { logDir: '' }).logDir).toBeUndefined();
  });
});

describe('new-api relay variables, LOG_SQL_DSN and NEWAPI_CONSOLE_COMPAT', () => {
  const env = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', SQL_DSN: 'postgres://u@h/db' };

  it('reads the relay variables with new-api defaults', () => {
    expect(loadConfig(env)).toMatchObject({
      newapiConsoleCompat: false,
      relay: {
        relayTimeoutS: 0,
        forceStreamOption: true,
        azureDefaultApiVersion: '2024-12-01-preview',
        getMediaToken: true,
        getMediaTokenNotStream: true,
      },
    });
    expect(
      loadConfig({
        ...env,
        NEWAPI_CONSOLE_COMPAT: 'true',
        RELAY_TIMEOUT: '120',
        FORCE_STREAM_OPTION: 'false',
      }),
    ).toMatchObject({ newapiConsoleCompat: true, relay: { relayTimeoutS: 120, forceStreamOption: false } });
    expect(() => loadConfig({ ...env, RELAY_TIMEOUT: 'soon' })).toThrow(/RELAY_TIMEOUT must be an integer/);
  });

  it('reads LOG_SQL_DSN as SQL_DSN is read; local is LOG_SQLITE_PATH, else the SQLite file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swb-config-'));
    expect(loadConfig(env).logDb).toBeUndefined();
    expect(loadConfig({ ...env, LOG_SQL_DSN: 'postgres://u@h/logs' }).logDb).toMatchObject({
      dialect: 'postgres',
      url: 'postgres://u@h/logs',
      pool: { maxOpen: 10 },
    });
    expect(
      loadConfig({ ...env, LOG_SQL_DSN: 'root:pw@tcp(db:3306)/logs?parseTime=true' }).logDb,
    ).toMatchObject({
      dialect: 'mysql',
      url: 'mysql://root:pw@db:3306/logs',
    });
    const sqliteMain = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c', DATA_DIR: dir };
    expect(
      loadConfig({ ...sqliteMain, LOG_SQL_DSN: 'local', LOG_SQLITE_PATH: `${dir}/logs.db` }).logDb,
    ).toEqual({
      dialect: 'sqlite',
      url: join(dir, 'logs.db'),
    });
    // new-api's `local` alone names the main SQLite file: the logs stay where they are.
    expect(loadConfig({ ...sqliteMain, LOG_SQL_DSN: 'local' }).logDb).toBeUndefined();
    expect(loadConfig({ ...env, LOG_SQL_DSN: 'postgres://u@h/db' }).logDb).toBeUndefined();
    expect(() => loadConfig({ ...env, LOG_SQL_DSN: 'not a dsn' })).toThrow(/LOG_SQL_DSN/);
  });
});
