import type { Client, ClientOptions, Lang } from '@switchboard/sdk';
import type { Notifier } from './notifier';
import type { StoredUser } from './stored-user';

/**
 * Everything a server render knows about its caller, one per render (ssr/render-page.tsx makes it). The
 * console's modules read the caller's storage, SDK client, user and messages from here while the server draws a
 * page, never from module variables, so nothing of one caller can reach a page drawn for the next. In the
 * browser there is none: the page has one user, and the modules use its own storage, client and notifier.
 */
export interface RenderScope {
  /** The local-storage items the browser holds (its preferences cookie), and the session's user. */
  items: Map<string, string>;
  /** The SDK client's transport and credentials. */
  client: Partial<ClientOptions>;
  lang: Lang;
  /** This render's SDK client, made on first use. */
  sdk?: Promise<Client>;
  /** The signed-in user, once the render has asked the API who that is. */
  user: StoredUser | null;
  /** The messages this render's page shows (a failed query's error, in its toast). */
  notifier: Notifier;
}

let lookup: (() => RenderScope | undefined) | undefined;

/**
 * Installed once by the server build: how to find the scope of the render running now. It is asked from
 * inside the render's own asynchronous work (a query that finishes after its page was sent included).
 */
export function setRenderScopeLookup(find: () => RenderScope | undefined): void {
  lookup = find;
}

/** The scope of the server render running now; undefined in the browser (and on the server between renders). */
export function renderScope(): RenderScope | undefined {
  return lookup?.();
}

/** True in the server build: there is no browser storage or page-wide notifier to fall back on. */
export function onServer(): boolean {
  return lookup !== undefined;
}
