import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bool, ConfigError, int, type Env } from './config-env.js';
import { dbTargetFromEnv, type DbTarget, type PoolSettings } from './db/database.js';
import type { ServerFlags } from './flags.js';

/* The variables and flags new-api deployments set, read as new-api 0.4.8 reads them. */

/**
 * `SQL_MAX_OPEN_CONNS`, `SQL_MAX_IDLE_CONNS` and `SQL_MAX_LIFETIME` (seconds), as new-api sets them on Go's pool.
 * Open connections default to 10, not new-api's 1000: one Node process gains nothing from more, and 1000
 * would exceed PostgreSQL's and MySQL's default connection limits at the first burst.
 */
function poolSettings(env: Env): PoolSettings {
  const maxOpen = int(env, 'SQL_MAX_OPEN_CONNS', 10, 1);
  return {
    maxOpen,
    maxIdle: int(env, 'SQL_MAX_IDLE_CONNS', 100),
    lifetimeS: int(env, 'SQL_MAX_LIFETIME', 60),
  };
}

/**
 * `SQL_DSN` (see `dbTargetFromEnv`) or the SQLite file: `SQLITE_PATH`, else `DATA_DIR/switchboard.db`. new-api's
 * SQLite paths may carry driver options (`one-api.db?_busy_timeout=5000`); the file is the part before `?`.
 */
export function databaseTarget(env: Env, dataDir: string): DbTarget {
  const given = env.SQLITE_PATH?.split('?')[0];
  const sqlitePath = given ? resolve(given) : join(dataDir, 'switchboard.db');
  try {
    const target = dbTargetFromEnv(env.SQL_DSN, sqlitePath);
    return target.dialect === 'sqlite' ? target : { ...target, pool: poolSettings(env) };
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError((e as Error).message);
  }
}

/**
 * `LOG_SQL_DSN`: the `logs` table in a database of its own, read as `SQL_DSN` is (new-api's `chooseDB`). Its
 * `local` is a SQLite file: `LOG_SQLITE_PATH`, else new-api's choice, the main SQLite file. Undefined when unset or
 * when it names the main database itself.
 */
export function logDatabaseTarget(env: Env, dataDir: string, main: DbTarget): DbTarget | undefined {
  if (!env.LOG_SQL_DSN?.trim()) return undefined;
  const given = (env.LOG_SQLITE_PATH || env.SQLITE_PATH)?.split('?')[0];
  const sqlitePath = given ? resolve(given) : join(dataDir, 'switchboard.db');
  let target: DbTarget;
  try {
    target = dbTargetFromEnv(env.LOG_SQL_DSN, sqlitePath);
  } catch (e) {
    throw new ConfigError((e as Error).message.replace(/SQL_DSN/g, 'LOG_SQL_DSN'));
  }
  if (target.dialect === main.dialect && target.url === main.url) return undefined;
  if (target.dialect === 'sqlite') {
    mkdirSync(dirname(target.url), { recursive: true });
    return target;
  }
  return { ...target, pool: poolSettings(env) };
}

/** new-api's `PORT` wins over `--port`, which defaults to 3000. */
export function port(env: Env, flags: ServerFlags): number {
  return int(env, 'PORT', flags.port ?? 3000, 0);
}

/** `--log-dir <dir>` (new-api's flag): created when missing; an empty value means no files. */
export function logDir(flags: ServerFlags): string | undefined {
  if (!flags.logDir) return undefined;
  const dir = resolve(flags.logDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`--log-dir ${dir} cannot be created: ${(e as Error).message}`);
  }
  return dir;
}

/** A per-IP limit of three variables, as new-api reads `GLOBAL_API_RATE_LIMIT*` and its siblings. */
export function rateLimit(env: Env, name: string, count: number, durationS: number) {
  return {
    enabled: bool(env, `${name}_ENABLE`, true),
    count: int(env, name, count, 1),
    durationS: int(env, `${name}_DURATION`, durationS, 1),
  };
}

/** `CHANNEL_UPDATE_FREQUENCY` in minutes, as new-api's main.go reads it (a value that is no number stops it). */
export function channelUpdateFrequency(env: Env): number | undefined {
  if (!env.CHANNEL_UPDATE_FREQUENCY?.trim()) return undefined;
  return int(env, 'CHANNEL_UPDATE_FREQUENCY', 0, 1);
}

/**
 * Milliseconds between polls of unfinished drawing and music tasks: new-api's 15 s, or never when `UPDATE_TASK`
 * is false (new-api's switch). `TASK_POLL_MS` changes the period (tests poll faster).
 */
export function taskPollMs(env: Env): number {
  if (!bool(env, 'UPDATE_TASK', true)) return 0;
  return int(env, 'TASK_POLL_MS', 15_000, 100);
}
