import { ConnectionError, UserAbortError, parseRetryAfter } from './errors.js';

/** HTTP methods that are safe to repeat: our API has no idempotency keys, so POST and PUT never retry. */
export const RETRYABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE']);

/** Statuses worth another attempt: timeouts, conflicts, too early, rate limits and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

/** Whether a failed attempt should be repeated, given what it failed with. */
export function shouldRetry(method: string, failure: { status?: number; error?: unknown }): boolean {
  if (!RETRYABLE_METHODS.has(method.toUpperCase())) return false;
  if (failure.status !== undefined) return isRetryableStatus(failure.status);
  return failure.error instanceof ConnectionError;
}

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
// A longer Retry-After than this is treated as bogus and replaced by our own backoff.
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Milliseconds to wait before retry number `attempt` (0 for the first retry).
 * Honours `Retry-After` / `Retry-After-Ms` when sane, else exponential backoff with up to 25 % jitter.
 */
export function retryDelayMs(attempt: number, headers?: Headers, random: () => number = Math.random): number {
  const afterMs = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(afterMs) && afterMs >= 0 && afterMs <= MAX_RETRY_AFTER_MS) return afterMs;
  const after = parseRetryAfter(headers?.get('retry-after') ?? null);
  if (after !== undefined && after * 1000 <= MAX_RETRY_AFTER_MS) return after * 1000;
  const base = Math.min(INITIAL_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  return base * (1 - random() * 0.25);
}

/** Sleeps `ms`, waking early with a `UserAbortError` when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UserAbortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UserAbortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
