import { createMockServer, type Credentials } from '@switchboard/mock-server';
import { afterAll, beforeAll } from 'vitest';
import { Client } from '../../src/client.js';
import type { ClientOptions } from '../../src/core/http.js';

/** The logins the suite needs; against a live server only root is known (from the environment). */
export interface ContractLogins {
  root: { username: string; password: string };
  admin?: { username: string; password: string };
  alice?: { username: string; password: string };
}

/** What every contract test file works with: the server's URL, logged-in clients and the fixtures. */
export interface ContractEnv {
  url: string;
  /** True when the suite runs against `API_BASE_URL` instead of a private mock-server. */
  live: boolean;
  root: Client;
  admin: Client;
  alice: Client;
  anonymous: Client;
  /** mock-server's seeded credentials; undefined against a live server. */
  fixtures: Credentials | undefined;
  /** A new strict client on the same server (not logged in). */
  client(options?: Partial<ClientOptions>): Client;
  /** A new strict client logged in as `username`. */
  login(username: string, password: string): Promise<Client>;
}

const liveUrl = process.env['API_BASE_URL'];
// A live server keeps what earlier runs created, so names made by tests get a per-file suffix there.
const runTag = liveUrl ? Math.random().toString(36).slice(2, 5) : '';

/** `base` made unique on a live server (3 characters added; usernames allow 12 in all). */
export function uniq(base: string): string {
  return `${base}${runTag}`;
}

/**
 * Starts one mock-server for the calling test file (or uses `API_BASE_URL` with `API_ROOT_USER` /
 * `API_ROOT_PASSWORD`), and logs in root, admin and alice. Against a live server, admin and alice
 * are created by root with random names so that the file's mutations stay its own.
 */
export function useContractEnv(): ContractEnv {
  const env = {} as ContractEnv;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let fixtures: Credentials | undefined;
    let url: string;
    if (liveUrl) {
      url = liveUrl.replace(/\/+$/, '');
    } else {
      const server = await createMockServer({ seed: 1 });
      close = () => server.close();
      url = server.url;
      fixtures = server.credentials;
    }
    const client = (options: Partial<ClientOptions> = {}) =>
      new Client({ baseUrl: url, strictResponses: true, lang: 'en', maxRetries: 0, ...options });
    const login = async (username: string, password: string) => {
      const c = client();
      await c.users.login({ username, password });
      return c;
    };
    const root = fixtures
      ? await login(fixtures.users.root.username, fixtures.users.root.password)
      : await login(process.env['API_ROOT_USER'] ?? 'root', process.env['API_ROOT_PASSWORD'] ?? '123456');
    const users = fixtures?.users ?? (await createLiveUsers(root));
    Object.assign(env, {
      url,
      live: Boolean(liveUrl),
      root,
      admin: await login(users.admin.username, users.admin.password),
      alice: await login(users.alice.username, users.alice.password),
      anonymous: client(),
      fixtures,
      client,
      login,
    });
  });

  afterAll(async () => {
    await close?.();
  });

  return env;
}

/** Creates an admin and a common user on a live server, since its fixtures are unknown. */
async function createLiveUsers(root: Client) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const admin = { username: `cta${suffix}`, password: 'contract-pass-1' };
  const alice = { username: `ctu${suffix}`, password: 'contract-pass-1' };
  await root.users.create(admin);
  await root.users.create(alice);
  const page = await root.users.search({ keyword: admin.username });
  const id = page.items.find((u) => u.username === admin.username)?.id;
  if (id !== undefined) await root.users.promote(id);
  return { admin, alice };
}

/** Fixture credentials, or a clear failure when a test needs mock-server's seeded data. */
export function seeded(env: ContractEnv): Credentials {
  if (!env.fixtures) throw new Error('this test needs mock-server fixtures');
  return env.fixtures;
}
