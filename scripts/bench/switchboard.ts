// Boots the real server in a child process on a file SQLite under a temp dir, then sets it up through the
// HTTP API the way an operator would: log in as root, add a channel to the fake upstream, create a token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from '../build-server.mjs';
import { freePort, startChild, type Child } from './children.js';

export interface Switchboard extends Child {
  /** `sk-…`, a full relay key for the benchmark token. */
  key: string;
  dataDir: string;
}

const ROOT_PASSWORD = 'bench-root-password';
const MODEL = 'gpt-4o-mini';

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

/** One management call; answers `data` or throws with the server's message. */
async function api<T>(
  base: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ data: T; res: Response }> {
  const res = await fetch(base + path, {
    method,
    // No content-type without a body: the server refuses an empty JSON body.
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok || !json.success) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return { data: json.data, res };
}

/**
 * Starts Switchboard against `upstream` with auth, billing and consume logging on (the defaults), as
 * `npm start` runs it: the built bundle (`main`, else freshly built). `execArgv` goes before the script, e.g.
 * `--cpu-prof`.
 */
export async function startSwitchboard(
  upstream: string,
  execArgv: string[] = [],
  main?: string,
  /** More environment, e.g. REDIS_CONN_STRING for the Redis mode. */
  env: Record<string, string> = {},
): Promise<Switchboard> {
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-relay-bench-'));
  const port = await freePort();
  const child = await startChild(
    [...SERVER_NODE_FLAGS, ...execArgv, main ?? (await buildServer())],
    {
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
      NODE_ENV: 'production',
      ...env,
    },
    /switchboard: listening on/,
    { port, timeoutMs: 60_000 },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await api<{ id: number }>(
      base,
      'POST',
      '/api/user/login',
      { username: 'root', password: ROOT_PASSWORD },
      {},
    );
    const session = login.res.headers.getSetCookie().find((c) => c.startsWith('session='));
    if (!session) throw new Error('login answered no session cookie');
    const auth = { cookie: session.split(';')[0]!, 'new-api-user': String(login.data.id) };
    // Enough quota that billing never runs dry mid-run; billing still reserves and settles every request.
    await api(base, 'PUT', '/api/user/', { id: login.data.id, quota: 1_000_000_000_000 }, auth);
    await api(
      base,
      'POST',
      '/api/channel/',
      {
        type: 1,
        name: 'bench',
        key: 'sk-bench-upstream',
        base_url: upstream,
        models: MODEL,
        group: 'default',
      },
      auth,
    );
    // A limited token: billing then holds and settles against both the token and the user, as for most callers.
    await api(
      base,
      'POST',
      '/api/token/',
      { name: 'bench', unlimited_quota: false, remain_quota: 500_000_000_000 },
      auth,
    );
    // new-api 0.4.8's token list: a bare array, 0-based p.
    const tokens = await api<{ id: number; name: string }[]>(
      base,
      'GET',
      '/api/token/?p=0&size=10',
      undefined,
      auth,
    );
    const token = tokens.data.find((t) => t.name === 'bench');
    if (!token) throw new Error('the bench token is not in the token list');
    const { data } = await api<{ key: string }>(base, 'POST', `/api/token/${token.id}/key`, undefined, auth);
    return {
      ...child,
      key: data.key,
      dataDir,
      stop: async (graceMs) => {
        await child.stop(graceMs);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
