import type { MockServer } from '../src/index.js';
import { insertReturningId, rebuildAbilities } from '../src/server-api.js';

/** The newest consume log, after the relay's buffered settlements reached the database. */
export async function lastConsumeLog(mock: MockServer) {
  await mock.ctx.flush();
  return mock.db
    .selectFrom('logs')
    .selectAll()
    .where('type', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/**
 * Adds an enabled channel of `type` on the fake upstream of its format, serving `models` to the default group,
 * and makes it priced: the relay sees it at once.
 */
export async function addChannel(
  mock: MockServer,
  spec: {
    name: string;
    type: number;
    models: string[];
    priority?: number;
    mapping?: Record<string, string>;
    /** Another upstream than the fake of the type's format. */
    baseUrl?: string;
    other?: string;
  },
): Promise<number> {
  const upstream =
    { 14: mock.upstreams.anthropic, 24: mock.upstreams.gemini }[spec.type] ?? mock.upstreams.openai;
  const row = {
    type: spec.type,
    key: mock.ctx.secrets.seal(`key-${spec.name}`),
    name: spec.name,
    status: 1,
    base_url: spec.baseUrl ?? upstream.url,
    other: spec.other ?? '',
    models: spec.models.join(','),
    group: 'default',
    priority: spec.priority ?? 0,
    weight: 1,
    model_mapping: JSON.stringify(spec.mapping ?? {}),
    tag: '',
    auto_ban: 0,
  };
  const id = await insertReturningId(mock.db, 'channels', row);
  await rebuildAbilities(mock.db, [{ id, ...row }]);
  mock.ctx.events.emit('channels', [id]);
  const ratios = JSON.parse(mock.ctx.options.get('ModelRatio')) as Record<string, number>;
  const priced = Object.fromEntries(spec.models.map((m) => [m, ratios[m] ?? 1]));
  await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, ...priced }));
  return id;
}

/** Signs root in and returns a function that sets an option through `PUT /api/option/`, as the console does. */
export async function optionSetter(mock: MockServer): Promise<(key: string, value: string) => Promise<void>> {
  const { username, password } = mock.credentials.users.root;
  const res = await fetch(`${mock.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { id: number } };
  const headers = {
    'content-type': 'application/json',
    cookie: res.headers.get('set-cookie')!.split(';')[0]!,
    'new-api-user': String(data.id),
  };
  return async (key, value) => {
    const put = await fetch(`${mock.url}/api/option/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ key, value }),
    });
    const answer = (await put.json()) as { success: boolean; message: string };
    if (!answer.success) throw new Error(`${key}: ${answer.message}`);
  };
}
