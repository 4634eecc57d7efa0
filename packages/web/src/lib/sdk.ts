import type { Client, ClientOptions, Lang } from '@switchboard/sdk';
import { renderScope } from './render-scope';
import { readJson, STORAGE_KEYS } from './storage';

let client: Promise<Client> | undefined;
let clientLang: Lang = 'zh';

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

function createClient(options: ClientOptions): Promise<Client> {
  return import('@switchboard/sdk').then(({ Client }) => new Client(options));
}

/**
 * The one SDK client of the console, loaded as its own chunk (the client and its schemas are most of the
 * SDK's weight) so the first screen renders before it arrives. The session cookie authenticates; the stored
 * user id is sent as `New-Api-User`, which new-api requires beside the cookie. Only `features/*\/api` and
 * `lib` call this. A server render has its own, with its caller's transport and credentials (render-scope.ts).
 */
export function sdk(): Promise<Client> {
  const scope = renderScope();
  if (scope) return (scope.sdk ??= createClient({ baseUrl: origin(), lang: scope.lang, ...scope.client }));
  if (!client) {
    const user = readJson<{ id?: number }>(STORAGE_KEYS.user);
    client = createClient({
      baseUrl: origin(),
      lang: clientLang,
      ...(typeof user?.id === 'number' ? { userId: user.id } : {}),
    });
  }
  return client;
}

/** Drops the client so the next call picks up a new user id (login, logout) or language. */
export function resetSdk(lang?: Lang): void {
  if (lang) clientLang = lang;
  client = undefined;
}
