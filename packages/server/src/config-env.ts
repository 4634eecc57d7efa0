/** Readers of environment variables: each refuses a bad value with one line saying what to fix. */

/** A configuration mistake: start-up prints this one line and exits. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  return n;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  // Go's strconv.ParseBool (new-api's reader) also takes t and f.
  if (['true', '1', 'yes', 'on', 't'].includes(raw)) return true;
  if (['false', '0', 'no', 'off', 'f'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

export function autoOrBool(env: Env, name: string): 'auto' | boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  try {
    return bool(env, name, false);
  } catch {
    throw new ConfigError(`${name} must be auto, true or false, got "${env[name]}"`);
  }
}
