import type { Client, ClientOptions, Lang } from '@switchboard/sdk';
import { readJson, STORAGE_KEYS } from './storage';

let client: Promise<Client> | undefined;
let clientLang: Lang = 'zh';
/** Set by the server render: its in-process transport and the session's credentials. */
let serverOptions: Partial<ClientOptions> | undefined;

export function setServerClientOptions(options: Partial<ClientOptions> | undefined): void {
  serverOptions = options;
  client = undefined;
}

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/**
 * The one SDK client of the console, loaded as its own chunk (the client and its schemas are most of the
 * SDK's weight) so the first screen renders before it arrives. The session cookie authenticates; the stored
 * user id is sent as `New-Api-User`, which new-api requires beside the cookie. Only `features/*\/api` and
 * `lib` call this.
 */
export function sdk(): Promise<Client> {
  client ??= import('@switchboard/sdk').then(({ Client }) => {
    const user = readJson<{ id?: number }>(STORAGE_KEYS.user);
    return new Client({
      baseUrl: origin(),
      lang: clientLang,
      ...(typeof user?.id === 'number' ? { userId: user.id } : {}),
      ...serverOptions,
    });
  });
  return client;
}

/** Drops the client so the next call picks up a new user id (login, logout) or language. */
export function resetSdk(lang?: Lang): void {
  if (lang) clientLang = lang;
  client = undefined;
}
