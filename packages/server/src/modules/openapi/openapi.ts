import type { AuthLevel, ListPaging, SdkRoute } from '@switchboard/sdk';
import type { z } from 'zod';
import { SchemaRegistry, type JsonSchema, type Parameter } from './openapi-schemas.js';

/** An OpenAPI 3.1 document, kept as plain JSON. */
export type OpenApiDocument = Record<string, unknown>;

const AUTH_ORDER: readonly AuthLevel[] = ['none', 'user', 'admin', 'root'];
const AUTH_TEXT: Record<AuthLevel, string> = {
  none: 'No login needed.',
  user: 'Requires a logged-in user (role ≥ 1).',
  admin: 'Requires an admin (role ≥ 10).',
  root: 'Requires root (role 100).',
};
// The SDK's list methods take `page`/`pageSize` and send them as the paging query below.
const CLIENT_PAGING = new Set(['page', 'pageSize']);

/** The paging query of one list, in its 0.4.8 base (reference §2.2; rule in http/legacy-paging.ts). */
function pagingParameters(paging: ListPaging): Parameter[] {
  if (paging.firstP === null) return [];
  const base = paging.firstP;
  return [
    {
      name: 'p',
      in: 'query',
      required: false,
      description: `${base === 0 ? '0-based' : '1-based'} page, as new-api 0.4.8 numbers this list.`,
      schema: { type: 'integer', minimum: base, default: base },
    },
    {
      name: 'page',
      in: 'query',
      required: false,
      description: '1-based page; wins over `p` when both are sent.',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    {
      name: 'page_size',
      in: 'query',
      required: false,
      description: 'Rows per page (alias `size`).',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    },
  ];
}
const ERROR = { $ref: '#/components/responses/Error' };
const FAILURE = { $ref: '#/components/schemas/BusinessFailure' };

/** `/api/token/:id` → `/api/token/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function distinct(schemas: (z.ZodType | null | undefined)[]): z.ZodType[] {
  return [...new Set(schemas.filter((s): s is z.ZodType => !!s))];
}

function oneOf(registry: SchemaRegistry, schemas: z.ZodType[]): JsonSchema | undefined {
  if (schemas.length === 0) return undefined;
  if (schemas.length === 1) return registry.ref(schemas[0]!);
  return { oneOf: schemas.map((s) => registry.ref(s)) };
}

function pagedData(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      page: { type: 'integer' },
      page_size: { type: 'integer' },
    },
    required: ['items', 'total', 'page', 'page_size'],
  };
}

function responseBody(registry: SchemaRegistry, routes: SdkRoute[]): { type: string; schema: JsonSchema } {
  const first = routes[0]!;
  const answer = oneOf(registry, distinct(routes.map((r) => r.response)));
  const envelope = first.envelope ?? 'standard';
  if (envelope === 'sse')
    return { type: 'text/event-stream', schema: { type: 'string', ...(answer && { 'x-event': answer }) } };
  // top-level and pay answers are not wrapped: the descriptor's schema is the whole body.
  if (envelope !== 'standard') return { type: 'application/json', schema: answer ?? { type: 'object' } };
  const paged = first.paged;
  const listed = paged?.legacyShape === 'array' ? { type: 'array', items: answer } : pagedData(answer!);
  const data = answer && (paged ? listed : answer);
  const properties: JsonSchema = { success: { type: 'boolean', const: true }, message: { type: 'string' } };
  if (data) properties['data'] = data;
  const success = { type: 'object', properties, required: ['success', 'message'] };
  // new-api answers business refusals with HTTP 200 too: the body is either shape.
  return { type: 'application/json', schema: { oneOf: [success, FAILURE] } };
}

function describe(routes: SdkRoute[], auth: AuthLevel): string {
  const paragraphs = [AUTH_TEXT[auth]];
  const envelope = routes[0]!.envelope;
  if (envelope === 'top-level')
    paragraphs.push('Answers with its fields beside `success`, not in a `data` envelope.');
  if (envelope === 'pay') paragraphs.push('Answers `{message: "success"|"error", data}` without `success`.');
  const paged = routes[0]!.paged;
  if (paged?.legacyShape === 'object')
    paragraphs.push('`data` is one page: `{items, total, page, page_size}`.');
  if (paged?.legacyShape === 'array')
    paragraphs.push(
      paged.firstP === null ? '`data` is a bare array, unpaged.' : '`data` is one page as a bare array.',
    );
  if (envelope !== 'sse')
    paragraphs.push(
      'A refusal (invalid input, permission, unknown id, used code, ...) is HTTP 200 `{success: false, message}`, as in new-api.',
    );
  if (routes.length > 1) {
    const variants = routes.map((r) => {
      const query = r.query
        ? ` (\`?${new URLSearchParams(r.query as Record<string, string>).toString()}\`)`
        : '';
      return `- \`${r.sdkMethod}\`${query}, ${r.auth}: ${r.summary}`;
    });
    paragraphs.push(['SDK methods sharing this call:', ...variants].join('\n'));
  }
  return paragraphs.join('\n\n');
}

function operation(registry: SchemaRegistry, routes: SdkRoute[]): JsonSchema {
  const first = routes[0]!;
  const auth = routes.map((r) => r.auth).sort((a, b) => AUTH_ORDER.indexOf(a) - AUTH_ORDER.indexOf(b))[0]!;
  const parameters: (Parameter | JsonSchema)[] = [...first.path.matchAll(/:([A-Za-z_]+)/g)].map(
    ([, name]) => ({
      name: name!,
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    }),
  );
  const query = new Map<string, Parameter>();
  for (const schema of distinct(routes.map((r) => r.params)))
    for (const p of registry.queryParameters(schema, CLIENT_PAGING))
      if (!query.has(p.name)) query.set(p.name, p);
  // Fixed values that select a call (`status_only=true`) are optional: without them it is another SDK method.
  for (const r of routes)
    for (const [name, value] of Object.entries(r.query ?? {}))
      if (!query.has(name))
        query.set(name, { name, in: 'query', required: false, schema: { type: 'string', enum: [value] } });
  if (first.paged)
    for (const p of pagingParameters(first.paged)) if (!query.has(p.name)) query.set(p.name, p);
  parameters.push(...query.values());
  if (auth !== 'none') parameters.push({ $ref: '#/components/parameters/NewApiUser' });

  const body = oneOf(registry, distinct(routes.map((r) => r.body)));
  const answer = responseBody(registry, routes);
  const responses: JsonSchema = {
    '200': {
      description: 'Success, or a business refusal `{success: false, message}`',
      content: { [answer.type]: { schema: answer.schema } },
    },
  };
  // The only statuses besides 200 new-api's /api uses: its auth middleware's 401s and rate limits.
  if (auth !== 'none') responses['401'] = ERROR;
  responses['429'] = { description: 'Too many requests from this address' };
  return {
    operationId: first.sdkMethod,
    summary: first.summary,
    description: describe(routes, auth),
    tags: [first.sdkMethod.slice(0, first.sdkMethod.lastIndexOf('.'))],
    'x-auth': auth,
    'x-sdk-methods': routes.map((r) => r.sdkMethod),
    security: auth === 'none' ? [] : [{ session: [] }, { accessToken: [] }],
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: { required: true, content: { 'application/json': { schema: body } } } }),
    responses,
  };
}

/**
 * Builds the OpenAPI 3.1 document of the given SDK routes. Routes sharing a method and path (e.g.
 * `tokens.update` and `tokens.updateStatus`, told apart by `?status_only=true`) become one operation
 * named after the first, listing the others in its description and `x-sdk-methods`.
 */
export function buildOpenApiDocument(routes: readonly SdkRoute[], version: string): OpenApiDocument {
  const registry = new SchemaRegistry();
  const groups = new Map<string, SdkRoute[]>();
  for (const route of routes) {
    const key = `${route.method} ${openApiPath(route.path)}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const group of groups.values()) {
    const path = openApiPath(group[0]!.path);
    (paths[path] ??= {})[group[0]!.method.toLowerCase()] = operation(registry, group);
  }
  const tags = [...new Set(routes.map((r) => r.sdkMethod.slice(0, r.sdkMethod.lastIndexOf('.'))))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard management API',
      version,
      description:
        'The new-api 0.4.8 compatible management API. Answers use the `{success, message, data}` envelope unless an operation says otherwise. As in new-api, business refusals (invalid input, permission denied, unknown id, used code, wrong password, ...) are HTTP 200 `{success: false, message}`; only a missing login or a wrong `New-Api-User` answers 401, and rate limits 429.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: tags.map((name) => ({ name, description: `SDK: \`client.${name}\`` })),
    paths,
    components: {
      schemas: {
        ...registry.components,
        BusinessFailure: {
          type: 'object',
          description: 'A business refusal, sent with HTTP 200 as new-api does.',
          properties: { success: { const: false }, message: { type: 'string' } },
          required: ['success', 'message'],
        },
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description: 'Session cookie set by `POST /api/user/login`.',
        },
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Access token from `GET /api/user/token` (optionally prefixed `Bearer `).',
        },
      },
      parameters: {
        NewApiUser: {
          name: 'New-Api-User',
          in: 'header',
          required: true,
          description: 'The id of the authenticated user; required with either credential.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      responses: {
        Error: {
          description: 'Not logged in, or `New-Api-User` missing or not the caller (401).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { success: { const: false }, message: { type: 'string' } },
                required: ['success', 'message'],
              },
            },
          },
        },
      },
    },
  };
}
