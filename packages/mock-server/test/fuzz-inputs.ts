import type { Prng } from '../src/prng.js';

/** A JSON Schema node of the OpenAPI document, as far as the fuzzer reads it. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
}

/** A request to send: method, url with its query, headers and the raw payload (string, or none). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const HUGE_STRING = 'ä'.repeat(40_000);
/** Scalars that break naive parsing: huge, negative, fractional, NaN-ish, unicode, prototype keys, paths. */
export const NASTY_STRINGS = [
  '9223372036854775808',
  '9223372036854775807',
  '18446744073709551616',
  '1e308',
  '-1e308',
  '1e309',
  '-1',
  '-9223372036854775809',
  '0',
  '-0',
  '1.5',
  '0x1F',
  'NaN',
  'Infinity',
  '-Infinity',
  'abc',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '\u0000',
  '\r\nX-Injected: 1',
  '💥🚀ünïcødé',
  '\ud800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%',
  'javascript:alert(1)',
  'file:///etc/passwd',
  HUGE_STRING,
] as const;

const NASTY_NUMBERS = [
  2 ** 63,
  2 ** 64,
  1e308,
  -1e308,
  -1,
  -(2 ** 63),
  0.5,
  -0.000001,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_SAFE_INTEGER,
  0,
  1,
] as const;

/** A JSON value of any type, biased to the ones that break servers. */
export function nastyValue(rng: Prng, depth = 0): unknown {
  const kind = rng.int(0, depth > 2 ? 5 : 8);
  switch (kind) {
    case 0:
    case 1:
      return rng.pick(NASTY_STRINGS);
    case 2:
    case 3:
      return rng.pick(NASTY_NUMBERS);
    case 4:
      return rng.pick([null, true, false]);
    case 5:
      return rng.pick(['', 'x', 'gpt-4o-mini', 'default']);
    case 6:
      return [nastyValue(rng, depth + 1), nastyValue(rng, depth + 1)];
    case 7:
      return nastyObject(rng, depth + 1);
    default:
      return {};
  }
}

/** An object whose keys include prototype names; serialised by hand so `__proto__` stays a real key. */
function nastyObject(rng: Prng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = ['__proto__', 'constructor', 'id', 'type', 'text', rng.alphanumeric(4)];
  for (let i = rng.int(0, 3); i > 0; i--)
    Object.defineProperty(out, rng.pick(keys), {
      value: nastyValue(rng, depth),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return out;
}

/** A plausible value for a schema type, so that some requests get past the first check to deeper code. */
function plausible(rng: Prng, node: SchemaNode | undefined): unknown {
  const type = Array.isArray(node?.type) ? node?.type[0] : node?.type;
  switch (type) {
    case 'integer':
    case 'number':
      return rng.int(0, 5);
    case 'boolean':
      return rng.chance(0.5);
    case 'array':
      return [plausible(rng, node?.items)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(node?.properties ?? {})) out[name] = plausible(rng, prop);
      return out;
    }
    default:
      return rng.pick(['x', 'gpt-4o-mini', 'default', 'https://example.com']);
  }
}

/** A body for a schema: each known field plausible or nasty, sometimes missing, plus stray keys. */
export function bodyFor(
  rng: Prng,
  schema: SchemaNode | undefined,
  resolve: (n: SchemaNode) => SchemaNode,
): unknown {
  const node = schema && resolve(schema);
  const variant = node?.oneOf?.[0] ?? node?.anyOf?.[0];
  const target = variant ? resolve(variant) : node;
  if (target?.type === 'array')
    return rng.chance(0.5) ? [bodyFor(rng, target.items, resolve)] : nastyValue(rng);
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(target?.properties ?? {})) {
    if (rng.chance(0.2)) continue;
    out[name] = rng.chance(0.55) ? plausible(rng, resolve(prop)) : nastyValue(rng);
  }
  if (rng.chance(0.3)) Object.assign(out, nastyObject(rng, 1));
  return out;
}

/** `depth` nested arrays or objects: parsers and serialisers recurse on them. */
export function deepJson(rng: Prng, depth: number): string {
  return rng.chance(0.5)
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A raw payload and its content type: well-formed JSON, broken JSON, the wrong type, or nothing. */
export function payloadFor(rng: Prng, body: () => unknown): { payload?: string; contentType?: string } {
  const json = 'application/json';
  return rng.weighted<() => { payload?: string; contentType?: string }>([
    [() => ({ payload: JSON.stringify(body()), contentType: json }), 60],
    [() => ({ payload: JSON.stringify(body()), contentType: 'text/plain' }), 5],
    [() => ({ payload: JSON.stringify(body()) }), 3],
    [() => ({ payload: JSON.stringify(nastyValue(rng)), contentType: json }), 8],
    [() => ({ payload: deepJson(rng, rng.pick([200, 5000, 10_000])), contentType: json }), 5],
    [() => ({ payload: '', contentType: json }), 3],
    [() => ({ payload: '{"a":', contentType: json }), 3],
    [() => ({ payload: 'a=1&b[]=2', contentType: 'application/x-www-form-urlencoded' }), 3],
    [
      () => ({
        payload: '--x\r\nContent-Disposition: form-data; name="model"\r\n\r\n\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      }),
      2,
    ],
    [() => ({ payload: `{"model":"${HUGE_STRING}"}`, contentType: json }), 2],
    [() => ({ payload: '\u0000\u0001', contentType: 'application/octet-stream' }), 2],
    [() => ({}), 4],
  ])();
}

/** A path segment for `:id`-like parameters. */
export function pathValue(rng: Prng): string {
  const value = rng.chance(0.25) ? String(rng.int(1, 5)) : rng.pick(NASTY_STRINGS).slice(0, 300);
  // A lone surrogate cannot be percent-encoded: send the invalid UTF-8 bytes it would be.
  return value === '\ud800' ? '%ED%A0%80' : encodeURIComponent(value) || '0';
}

/** A query string: declared parameters and paging with nasty values, plus the odd stray key. */
export function queryFor(rng: Prng, names: string[]): string {
  const params = new URLSearchParams();
  for (const name of [...names, 'p', 'page_size', 'page']) {
    if (rng.chance(0.5)) continue;
    const value = rng.chance(0.3) ? String(rng.int(0, 3)) : rng.pick(NASTY_STRINGS).slice(0, 500);
    params.append(name, value);
  }
  if (rng.chance(0.1)) params.append('p', '2');
  if (rng.chance(0.1)) params.append('__proto__', 'x');
  const text = params.toString();
  return text ? `?${text}` : '';
}
