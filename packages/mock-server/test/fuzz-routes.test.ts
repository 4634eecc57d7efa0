import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { Prng } from '../src/prng.js';
import {
  bodyFor,
  pathValue,
  payloadFor,
  queryFor,
  type FuzzRequest,
  type SchemaNode,
} from './fuzz-inputs.js';
import { snapshotState } from './fuzz-state.js';
import { RELAY_BODIES, registeredRoutes } from './fuzz-routes.js';
import { addTaskChannel, MJ_MODELS, SUNO_MODELS } from './task-kit.js';

/**
 * Thousands of malformed requests over every registered /api, /v1, /v1beta, /pg, /mj and /suno route, as root, a common
 * user and anonymous: none may answer a server error, and the server must still answer afterwards.
 * FUZZ_SEED and FUZZ_COUNT reproduce or lengthen a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 4000);
const CONCURRENCY = 4;
const BATCH = 200;

const SESSION_ENDERS = new Set(['/api/user/logout', '/api/user/token']);

let mock: MockServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is arbitrary JSON
let doc: any;
let state: Awaited<ReturnType<typeof snapshotState>>;

beforeAll(async () => {
  mock = await createMockServer({ seed: 23 });
  // The task relays reach the fake drawing proxy and Suno API, so their deeper paths are fuzzed too.
  const { midjourney, suno } = mock.upstreams;
  await addTaskChannel(mock.ctx, {
    name: 'mj',
    type: 2,
    baseUrl: midjourney.url,
    key: midjourney.key,
    models: MJ_MODELS,
  });
  await addTaskChannel(mock.ctx, {
    name: 'suno',
    type: 36,
    baseUrl: suno.url,
    key: suno.key,
    models: SUNO_MODELS,
  });
  doc = (await mock.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  state = await snapshotState(mock);
}, 30_000);
afterAll(() => mock.close());

const resolve = (node: SchemaNode): SchemaNode =>
  node.$ref
    ? (node.$ref
        .slice(2)
        .split('/')
        .reduce((n: SchemaNode & Record<string, unknown>, key) => n?.[key] as never, doc) ?? {})
    : node;

function operation(method: string, path: string) {
  const docPath = path.replace(/:(\w+)/g, '{$1}');
  const item = doc.paths[docPath] ?? doc.paths[`${docPath}/`];
  return item?.[method.toLowerCase()] as
    | {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: SchemaNode }> };
      }
    | undefined;
}

function buildRequest(
  rng: Prng,
  method: string,
  path: string,
): FuzzRequest & { who: 'root' | 'alice' | 'anonymous' } {
  const op = operation(method, path);
  const url = path
    .replace(/:(\w+)/g, (_m, name: string) =>
      name === 'target' && rng.chance(0.6)
        ? `gemini-2.0-flash:${rng.pick(['generateContent', 'streamGenerateContent', 'x'])}`
        : pathValue(rng),
    )
    .replace(/\/?\*$/, `/${pathValue(rng)}`);
  const queryNames = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const schema = op?.requestBody?.content['application/json']?.schema ?? RELAY_BODIES[path];
  // Logging out or regenerating the access token would end the fuzzer's own sessions: those take no input.
  const who = SESSION_ENDERS.has(path) ? 'anonymous' : rng.pick(['root', 'alice', 'anonymous'] as const);
  const headers: Record<string, string> = {};
  if (who !== 'anonymous' && !path.startsWith('/api') && !path.startsWith('/pg'))
    headers['authorization'] = `Bearer ${mock.credentials.apiKey}`;
  const withBody = method !== 'GET' || rng.chance(0.05);
  const { payload, contentType } = withBody
    ? payloadFor(rng, () => bodyFor(rng, schema, resolve))
    : { payload: undefined, contentType: undefined };
  if (contentType) headers['content-type'] = contentType;
  return { method, url: url + queryFor(rng, queryNames), headers, payload, who };
}

/** Whether a 5xx is a documented answer rather than a fault: new-api's 501 and "no channel for this model". */
function expectedServerError(status: number, body: string): boolean {
  if (status === 501) return body.includes('api_not_implemented') || body.includes('not implemented');
  return status === 503 && /model_not_found|no available channel|无可用渠道/i.test(body);
}

describe('malformed input over every route', () => {
  it(`answers ${COUNT} fuzzed requests without a server error`, { timeout: 120_000 }, async () => {
    const routes = registeredRoutes(mock.app.printRoutes({ commonPrefix: false })).filter(
      ([method, path]) =>
        /^\/(api|v1|v1beta|pg|mj|mj-fast|mj-turbo|mj-relax|suno)(\/|$)/.test(path) &&
        path !== '/api/openapi.json' &&
        // Fetches whatever base URL the body names (api.openai.com when none): tests stay on loopback, and
        // its answers (500 on failure, as new-api) are pinned in channel-ops tests.
        !(method === 'POST' && path === '/api/channel/fetch_models'),
    );
    expect(routes.length).toBeGreaterThan(100);
    // The relay's bodies are the richest input: its routes get several turns each.
    routes.push(
      ...Array.from({ length: 6 }, () => routes.filter(([m, p]) => m === 'POST' && RELAY_BODIES[p])).flat(),
    );
    const rng = new Prng(SEED);
    const plan = Array.from({ length: COUNT }, (_, i) => {
      const [method, path] = routes[i % routes.length]!;
      return { i, ...buildRequest(rng, method, path) };
    });
    const failures: string[] = [];
    const stats = new Map<string, number>();
    const answered = { root: 0, alice: 0, anonymous: 0 };
    const send = async (req: (typeof plan)[number]) => {
      const res = await mock.inject({
        method: req.method as 'GET',
        url: req.url,
        // Sessions change between batches: the caller's cookie is the one current when the request is sent.
        headers: req.who === 'anonymous' ? req.headers : { ...state.sessions[req.who], ...req.headers },
        payload: req.payload,
      });
      if (res.statusCode < 300) answered[req.who]++;
      const key = `${req.method} ${req.url.split('?')[0]} ${req.who} ${res.statusCode}`;
      if (process.env.FUZZ_DEBUG) stats.set(key, (stats.get(key) ?? 0) + 1);
      if (res.statusCode >= 500 && !expectedServerError(res.statusCode, res.body))
        failures.push(
          `#${req.i} ${req.method} ${req.url.slice(0, 120)} [${req.headers['content-type'] ?? '-'}] ` +
            `${(req.payload ?? '').slice(0, 100)} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    };
    // Batches of concurrent requests; between batches nothing is in flight, so the fixtures can be restored.
    for (let start = 0; start < plan.length; start += BATCH) {
      await state.restore();
      const batch = plan.slice(start, start + BATCH);
      for (let k = 0; k < batch.length; k += CONCURRENCY)
        await Promise.all(batch.slice(k, k + CONCURRENCY).map(send));
    }
    if (process.env.FUZZ_DEBUG)
      console.log(
        [...stats]
          .filter(([k]) => !/%|\.\.|\*/.test(k))
          .map(([k, v]) => `${k} ${v}`)
          .sort()
          .join('\n'),
      );
    expect(failures.slice(0, 30), `${failures.length} server errors (seed ${SEED})`).toEqual([]);
    // The fuzzer stayed logged in: enough requests got past authentication to reach the handlers' own checks.
    expect(answered.root).toBeGreaterThan(COUNT / 40);
    expect(answered.alice).toBeGreaterThan(COUNT / 40);
    const status = await fetch(`${mock.url}/api/status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { success: boolean }).success).toBe(true);
  });
});
