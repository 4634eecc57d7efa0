import { createFetch, type $Fetch } from 'ofetch';
import type { Lang } from '../i18n/translate.js';
import { CookieJar } from './cookies.js';
import { unwrapEnvelope } from './envelope.js';
import {
  ApiError,
  ConnectionError,
  TimeoutError,
  UserAbortError,
  apiErrorFor,
  type SdkError,
} from './errors.js';
import { followRedirects, isRefusedRedirect, type FetchLike } from './redirects.js';
import { retryDelayMs, shouldRetry, sleep } from './retry.js';
import { buildPath, type RouteDescriptor } from './route.js';

/** Settings of a `Client`. */
export interface ClientOptions {
  /** Server origin, e.g. `http://localhost:3000` (a path prefix is kept). */
  baseUrl: string;
  /** A system access token (personal settings → generate); sent as `Authorization`. */
  accessToken?: string;
  /** Numeric user id sent as `New-Api-User`; required by new-api with a token, learnt from `users.login()`. */
  userId?: number | string;
  /**
   * A `fetch` implementation (tests, proxies, older runtimes); defaults to the global one, which on a
   * server runtime follows redirects only within the origin or from http to https on the same host.
   * A custom fetch follows redirects as it does: wrap it in `followRedirects` for the same rules.
   */
  fetch?: typeof globalThis.fetch;
  /** Per-attempt timeout in milliseconds; default 60000. */
  timeoutMs?: number;
  /** Retries for GET/HEAD/DELETE on 408/409/425/429/5xx and connection errors; default 2. */
  maxRetries?: number;
  /** Language for `Accept-Language` and for client-side validation messages: `zh` (default) or `en`. */
  lang?: Lang;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Throw `ResponseValidationError` when a response does not match its schema (contract tests). */
  strictResponses?: boolean;
}

/** Per-call overrides, accepted as the last argument of every SDK method. */
export interface RequestOptions {
  /** Aborts the request (and a stream being read). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's retry count for this call. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/** One call: a route plus its path parameters, query and body. */
export interface CallInit {
  pathParams?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  options?: RequestOptions | undefined;
  /**
   * `manual`: a redirect is the answer (Telegram bind answers one) and counts as success instead of being
   * followed. Browsers only say that one happened (an `opaqueredirect` with status 0).
   */
  redirect?: 'manual';
}

/** Whether a response is the redirect a `redirect: 'manual'` call asked to receive. */
export const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);

interface Sent {
  response: Response;
  body: unknown;
}

/** The transport: one ofetch instance owning auth, cookies, timeouts, retries, error mapping and envelopes. */
export class HttpClient {
  readonly #fetch: $Fetch;
  readonly #options: ClientOptions;
  readonly #cookies = new CookieJar();
  #userId: string | undefined;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.#userId = options.userId === undefined ? undefined : String(options.userId);
    const native = options.fetch ?? defaultFetch();
    this.#fetch = createFetch({ fetch: native }).create({ baseURL: options.baseUrl, retry: false });
  }

  /** Client language, used for validation messages. */
  get lang(): Lang | undefined {
    return this.#options.lang;
  }

  /** Whether response schema mismatches throw. */
  get strictResponses(): boolean {
    return this.#options.strictResponses === true;
  }

  /** The user id sent as `New-Api-User`, if known. */
  get userId(): string | undefined {
    return this.#userId;
  }

  /** Remembers the logged-in user (after login) or forgets it (`undefined`). */
  setUserId(id: number | string | undefined): void {
    this.#userId = id === undefined ? undefined : String(id);
  }

  /** Forgets the session cookie and, unless an access token is configured, the user id. */
  clearSession(): void {
    this.#cookies.clear();
    if (this.#options.accessToken === undefined) this.#userId = undefined;
  }

  /** Makes a call and unwraps its envelope. */
  async call(route: RouteDescriptor, init: CallInit = {}): Promise<unknown> {
    const { response, body } = await this.send(route, init);
    return unwrapEnvelope(route.envelope ?? 'standard', body, response.headers);
  }

  /** Makes a call with retries; resolves to the 2xx response and its parsed body, or throws an `SdkError`. */
  async send(route: RouteDescriptor, init: CallInit, stream = false): Promise<Sent> {
    const maxRetries = init.options?.maxRetries ?? this.#options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      let failure: ApiError | SdkError;
      let headers: Headers | undefined;
      try {
        const sent = await this.#attempt(route, init, stream);
        if (sent.response.ok || (init.redirect === 'manual' && isRedirect(sent.response))) return sent;
        headers = sent.response.headers;
        failure = apiErrorFor(sent.response.status, sent.body, headers, sent.response.statusText);
      } catch (error) {
        if (!(error instanceof ConnectionError) || isRefusedRedirect(error)) throw error;
        failure = error;
      }
      const status = failure instanceof ApiError ? failure.status : undefined;
      if (attempt >= maxRetries || !shouldRetry(route.method, { status, error: failure })) throw failure;
      await sleep(retryDelayMs(attempt, headers), init.options?.signal);
    }
  }

  async #attempt(route: RouteDescriptor, init: CallInit, stream: boolean): Promise<Sent> {
    const signal = init.options?.signal;
    if (signal?.aborted) throw new UserAbortError();
    const controller = new AbortController();
    const timeoutMs = init.options?.timeoutMs ?? this.#options.timeoutMs ?? 60_000;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // An open stream keeps listening so that aborting still stops the reading.
    let streaming = false;
    try {
      const response = await this.#fetch.raw(buildPath(route.path, init.pathParams), {
        method: route.method,
        query: cleanQuery({ ...route.query, ...init.query }),
        body: init.body as Record<string, unknown> | undefined,
        headers: this.#headers(init.options, stream),
        credentials: 'include',
        ...(init.redirect ? { redirect: init.redirect } : {}),
        signal: controller.signal,
        ignoreResponseError: true,
        ...(stream ? { responseType: 'stream' as const } : {}),
      });
      this.#cookies.capture(response.headers);
      streaming = stream && response.ok;
      if (streaming) return { response, body: undefined };
      const body = stream ? await readBody(response) : response._data;
      return { response, body: body === '' ? undefined : body };
    } catch (error) {
      if (timedOut) throw new TimeoutError(`Request timed out after ${timeoutMs} ms`, { cause: error });
      if (signal?.aborted) throw new UserAbortError(undefined, { cause: error });
      throw new ConnectionError(`Connection error: ${rootMessage(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      if (!streaming) signal?.removeEventListener('abort', onAbort);
    }
  }

  #headers(options: RequestOptions | undefined, stream: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: stream ? 'text/event-stream' : 'application/json',
      'Cache-Control': 'no-store',
    };
    if (this.#options.lang) headers['Accept-Language'] = this.#options.lang;
    if (this.#options.accessToken) headers['Authorization'] = this.#options.accessToken;
    if (this.#userId !== undefined) headers['New-Api-User'] = this.#userId;
    const cookie = this.#cookies.header();
    if (cookie) headers['Cookie'] = cookie;
    return { ...headers, ...this.#options.headers, ...options?.headers };
  }
}

/**
 * The global fetch. On a server runtime, redirects are followed by `followRedirects`' rules (same origin,
 * or http to https on the same host) so credentials never go to another origin or in clear text; a
 * browser hides a redirect's Location from `redirect: 'manual'` and applies its own rules (Authorization
 * is dropped on an origin change, mixed content is blocked), so there it is used as it is.
 */
function defaultFetch(): FetchLike {
  const global: FetchLike = (input, init) => globalThis.fetch(input, init);
  return (globalThis as { document?: unknown }).document === undefined ? followRedirects(global) : global;
}

function cleanQuery(query: Record<string, unknown>): Record<string, unknown> | undefined {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

// ofetch wraps fetch's TypeError, which wraps the socket error; the innermost says what happened.
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
