import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is arbitrary JSON
type Json = any;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** `GET /api/token/{id}/` → `GET /api/token/:id`: one spelling for server routes and document paths. */
function normalise(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`;
}

/** Every method and full path in Fastify's `printRoutes()` tree (children indent by four characters). */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD'))
      routes.push(normalise(method, stack[depth]!));
  }
  return routes;
}

/** Follows a local `$ref` (`#/components/schemas/Token`) through the document. */
function resolve(doc: Json, ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .reduce(
      (node: Json, key) =>
        node === undefined ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
}

function refsIn(node: Json, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsIn(item, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  return out;
}

function operations(doc: Json): [string, string, Json][] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => [path, m, item[m]] as [string, string, Json]),
  );
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served without login and is a structurally valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(60);
    for (const [path, method, op] of ops) {
      expect(op.responses?.['200'], `${method} ${path}`).toBeDefined();
      for (const name of path.match(/\{\w+\}/g) ?? [])
        expect(op.parameters, `${method} ${path}`).toContainEqual(
          expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }),
        );
    }
    const ids = ops.map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolve(doc, ref), ref).toBeDefined();
    }
  });

  it('covers every route the server registers under /api, and nothing it does not serve', () => {
    const documented = new Set(operations(doc).map(([path, method]) => normalise(method, path)));
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.split(' ')[1]!.startsWith('/api/') && route !== 'GET /api/openapi.json',
    );
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    // Routes ignore a trailing slash, so either spelling proves the call is served.
    for (const [path, method] of operations(doc)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const served = [url, url.replace(/(.)\/$/, '$1')].some((u) =>
        t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: u }),
      );
      expect(served, `${method} ${path}`).toBe(true);
    }
    expect(doc.paths['/api/oauth/github']).toBeDefined();
  });

  it('documents the token creation body, which requires a name', () => {
    const op = doc.paths['/api/token/'].post;
    expect(op.operationId).toBe('tokens.create');
    const schema = resolve(doc, op.requestBody.content['application/json'].schema.$ref);
    expect(schema.required).toContain('name');
    expect(schema.properties.name).toMatchObject({ type: 'string', maxLength: 30 });
  });

  it('documents budgets and caps on token writes and reads, and on the admin user update', () => {
    const create = resolve(
      doc,
      doc.paths['/api/token/'].post.requestBody.content['application/json'].schema.$ref,
    );
    expect(create.properties.period.enum).toEqual(['', 'day', 'week', 'month', 'rolling_day']);
    for (const field of ['period_quota', 'period_requests', 'max_concurrency', 'rpm_limit', 'tpm_limit'])
      expect(create.properties[field], field).toBeDefined();
    expect(create.required).not.toContain('period');
    const text = JSON.stringify(doc);
    for (const field of ['period_used_quota', 'period_used_requests', 'period_reset_time'])
      expect(text).toContain(`"${field}"`);
    const userUpdate = resolve(
      doc,
      doc.paths['/api/user/'].put.requestBody.content['application/json'].schema.$ref,
    );
    expect(userUpdate.properties.period_quota).toBeDefined();
  });

  it('documents log filters and paging as query parameters, and the admin requirement', () => {
    const op = doc.paths['/api/log/'].get;
    const query = op.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name);
    expect(query).toEqual(expect.arrayContaining(['type', 'username', 'model_name', 'p', 'page_size']));
    expect(query).not.toContain('pageSize');
    expect(op['x-auth']).toBe('admin');
    expect(op.description).toMatch(/admin/);
    expect(op.parameters).toContainEqual({ $ref: '#/components/parameters/NewApiUser' });
    expect(op.security).toEqual([{ session: [] }, { accessToken: [] }]);
    const [success, failure] = op.responses['200'].content['application/json'].schema.oneOf;
    const data = success.properties.data;
    expect(data.required).toEqual(['items', 'total', 'page', 'page_size']);
    expect(resolve(doc, data.properties.items.items.$ref).properties).toHaveProperty('model_name');
    // Business refusals are HTTP 200 `{success:false}`; only the auth middleware's 401 and 429 differ.
    expect(resolve(doc, failure.$ref).properties.success).toEqual({ const: false });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '429']);
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ name: 'p', schema: expect.objectContaining({ minimum: 1 }) }),
    );
  });

  it('documents the 0.4.8 bare-array lists with their 0-based `p`, and unpaged searches', () => {
    const list = doc.paths['/api/channel/'].get;
    const data = list.responses['200'].content['application/json'].schema.oneOf[0].properties.data;
    expect(data.type).toBe('array');
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ name: 'p', schema: expect.objectContaining({ minimum: 0, default: 0 }) }),
    );
    const search = doc.paths['/api/token/search'].get;
    const names = search.parameters.map((p: Json) => p.name);
    expect(names).not.toContain('p');
    expect(names).not.toContain('page_size');
  });

  it('shows pricing at the top level, not in a data envelope', () => {
    const op = doc.paths['/api/pricing'].get;
    expect(op['x-auth']).toBe('none');
    expect(op.security).toEqual([]);
    const schema = resolve(doc, op.responses['200'].content['application/json'].schema.$ref);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['success', 'data', 'group_ratio', 'usable_group']),
    );
  });

  it('merges calls that share a path and names them after the SDK', () => {
    const put = doc.paths['/api/token/'].put;
    expect(put['x-sdk-methods']).toEqual(['tokens.update', 'tokens.updateStatus']);
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ name: 'status_only', in: 'query', required: false }),
    );
    expect(put.requestBody.content['application/json'].schema.oneOf).toHaveLength(2);
    const reveal = doc.paths['/api/channel/{id}/key'].post;
    expect(reveal).toMatchObject({ operationId: 'channels.revealKey', 'x-auth': 'root', tags: ['channels'] });
    const data = reveal.responses['200'].content['application/json'].schema.oneOf[0].properties.data;
    expect(resolve(doc, data.$ref).required).toEqual(['key']);
  });
});
