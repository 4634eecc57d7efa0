import type { z } from 'zod';
import type { Envelope } from './envelope.js';
import type { ListPaging } from './pagination.js';

/** HTTP methods the management API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Minimum role a route needs: none (public), user (role ≥ 1), admin (≥ 10), root (≥ 100). */
export type AuthLevel = 'none' | 'user' | 'admin' | 'root';

/**
 * Declarative description of one HTTP call, shared by the SDK method that makes it,
 * the generated `api.md`, and the server's route-coverage check.
 */
export interface RouteDescriptor {
  /** HTTP method. */
  method: HttpMethod;
  /** Path with `:name` placeholders, exactly as new-api registers it (collections end with `/`). */
  path: string;
  /** Fixed query parameters that select this call, e.g. `{ status_only: 'true' }`. */
  query?: Readonly<Record<string, string>>;
  /** One line for the docs. */
  summary: string;
  /** Minimum role the server requires. */
  auth: AuthLevel;
  /**
   * Also counts against the server's stricter per-IP limit for sign-in, registration, mail and key reveals
   * (new-api's CriticalRateLimit): a client retrying these gets 429 sooner.
   */
  critical?: boolean;
  /** Needs a passed Turnstile check (`?turnstile=`) when the site enables it (new-api's TurnstileCheck). */
  turnstile?: boolean;
  /** How the answer is wrapped; `standard` when omitted. */
  envelope?: Envelope;
  /** For list endpoints: how new-api 0.4.8 pages this list. */
  paged?: ListPaging;
  /** JSON request body, as the method validates it before sending (one request of `updateMany`-style loops). */
  body?: z.ZodType;
  /**
   * Query parameters the caller chooses: filters of lists and searches, and other query inputs.
   * For `paged` routes the schema's `page`/`pageSize` are the client's paging, sent as `p`, `page`,
   * `page_size` and `size` (see `pageQuery`), not as themselves.
   */
  params?: z.ZodType;
  /**
   * What the call answers, parsed with this schema: `data` of the standard envelope; for `paged`
   * routes one list item; for `top-level` and `pay` envelopes the whole body; for `sse` one event's
   * JSON. `null` marks a route whose answer carries no data (only `success` and `message`).
   */
  response?: z.ZodType | null;
}

/** A resource's routes keyed by SDK method name (sub-resources use dots: `tags.enable`). */
export type RouteTable = Readonly<Record<string, RouteDescriptor>>;

/** Declares a route table, keeping the literal keys so methods can refer to `routes.list`. */
export function defineRoutes<const T extends RouteTable>(table: T): T {
  return table;
}

/** Fills `:name` placeholders, URL-encoding each value. Throws on a missing value. */
export function buildPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `GET /api/token/?status_only=true`: a stable key for one route, used by docs and coverage checks. */
export function routeKey(route: Pick<RouteDescriptor, 'method' | 'path' | 'query'>): string {
  const query = route.query ? new URLSearchParams(route.query as Record<string, string>).toString() : '';
  return `${route.method} ${route.path}${query ? `?${query}` : ''}`;
}
