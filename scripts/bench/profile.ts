// Summarises a V8 `.cpuprofile` (from `node --cpu-prof`) into where the self time went: by area (our
// modules, each dependency, Node internals, GC) and by function. Used by BENCH_PROFILE=1.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/**
 * The server runs as a bundle, so a frame's URL names `main.js`; its linked source map names the file the code
 * came from (`packages/server/src/relay/…`, `node_modules/fastify/…`), which is what the areas are made of.
 */
function sourceMapper(): (url: string, line: number, column: number) => { url: string; line: number } {
  const maps = new Map<string, SourceMap | null>();
  const load = (url: string): SourceMap | null => {
    if (!url.startsWith('file://')) return null;
    const file = `${fileURLToPath(url)}.map`;
    if (!existsSync(file)) return null;
    return new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
  };
  return (url, line, column) => {
    if (!maps.has(url)) maps.set(url, load(url));
    const entry = maps.get(url)?.findEntry(line, column) as
      { originalSource?: string; originalLine?: number } | undefined;
    return entry?.originalSource
      ? { url: entry.originalSource, line: entry.originalLine ?? line }
      : { url, line };
  };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Relay requests answered while profiling, and the busy CPU per request (start-up included). */
  requests: number;
  cpuMsPerRequest: number;
  byLayer: { area: string; ms: number; pct: number }[];
  byArea: { area: string; ms: number; pct: number }[];
  byFunction: { fn: string; ms: number; pct: number }[];
}

/** A readable bucket for a script URL: `server/relay`, `npm:fastify`, `node:internal`, `(garbage collector)`. */
export function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm:${pkg[1]}`;
  // Source-mapped paths are relative to packages/server/dist: `../src/relay/x.ts`, `../../sdk/src/…`.
  url = url
    .replace(/^\.\.\/src\//, 'packages/server/src/')
    .replace(/^\.\.\/\.\.\/([^/]+)\/src\//, 'packages/$1/src/');
  const ours = /packages\/([^/]+)\/src\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  const ourFile = /packages\/([^/]+)\/src\/([^/]+)$/.exec(url);
  if (ourFile) return `${ourFile[1]}/${ourFile[2]}`;
  if (url.startsWith('node:')) return url.split('/')[0]!.replace(/^node:internal.*/, 'node:internal');
  return url.replace(/^.*\//, '');
}

/** The reading of a profile: which layer of the request path the time went to. */
export function layerOf(area: string, fn: string, url: string): string {
  if (area === '(garbage collector)') return 'GC';
  if (!url && /^(parse|stringify)$/.test(fn)) return 'JSON';
  if (/npm:(fast-json-stringify|secure-json-parse)/.test(area)) return 'JSON';
  if (/npm:find-my-way/.test(area)) return 'routing';
  if (/npm:(fastify|avvio|@fastify\/[^ ]+|light-my-request)/.test(area)) return 'HTTP server (Fastify)';
  if (/_http_server|_http_common|_http_outgoing|_http_incoming|node:net|node:stream|node:events/.test(url))
    return 'HTTP server / streams (node)';
  if (area === 'npm:undici' || /_http_client|_http_agent/.test(url)) return 'upstream client';
  if (/npm:(pino|pino-std-serializers|sonic-boom|thread-stream)/.test(area)) return 'logging';
  if (/relay\/billing\/ledger-journal/.test(url)) return 'journal';
  if (/relay\/billing\//.test(url)) return 'billing';
  if (/npm:@switchboard\/sdk|packages\/sdk\//.test(area + url)) return 'billing';
  if (/relay\/callers\/(token-auth|token-cache)|http\/auth/.test(url)) return 'auth';
  if (area === 'npm:zod' || /request-fields|chat-request-schema/.test(url)) return 'validation';
  if (/npm:(better-sqlite3|kysely)|server\/db/.test(area)) return 'database';
  if (area.startsWith('server/')) return `our code (${area})`;
  return area;
}

const top = <T extends { ms: number }>(m: Map<string, number>, total: number, key: string, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) => ({ [key]: k, ms: Math.round(v), pct: Math.round((v / total) * 1000) / 10 }) as unknown as T,
    );

/** Self time per area and per function, biggest first; `(idle)` is left out of the total. */
export function summariseProfile(file: string, requests: number, n = 30): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const areas = new Map<string, number>();
  const layers = new Map<string, number>();
  const fns = new Map<string, number>();
  const mapped = sourceMapper();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    // timeDeltas[i] is the gap before sample i; in microseconds.
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const { functionName } = node.callFrame;
    const { url, line: lineNumber } = mapped(
      node.callFrame.url,
      node.callFrame.lineNumber,
      node.callFrame.columnNumber,
    );
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + dt);
    const layer = layerOf(area, functionName, url);
    layers.set(layer, (layers.get(layer) ?? 0) + dt);
    const where = url ? `${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}`.trim();
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    total += dt;
  }
  return {
    totalMs: Math.round(total),
    requests,
    cpuMsPerRequest: Math.round((total / Math.max(1, requests)) * 1000) / 1000,
    byLayer: top(layers, total, 'area', 25),
    byArea: top(areas, total, 'area', n),
    byFunction: top(fns, total, 'fn', n),
  };
}

export function formatProfile(s: ProfileSummary): string {
  const lines = [
    `busy CPU in the Switchboard process: ${s.totalMs} ms (self time, idle excluded), ${s.requests} requests, ` +
      `${Math.round(s.cpuMsPerRequest * 1000)} µs each (samples are wall time: a system call that waits, such as ` +
      'a write on a busy machine, counts in full)',
    '',
    'by layer:',
  ];
  for (const a of s.byLayer)
    lines.push(`  ${a.pct.toFixed(1).padStart(5)} %  ${String(a.ms).padStart(6)} ms  ${a.area}`);
  lines.push('', 'by module:');
  for (const a of s.byArea)
    lines.push(`  ${a.pct.toFixed(1).padStart(5)} %  ${String(a.ms).padStart(6)} ms  ${a.area}`);
  lines.push('', 'by function:');
  for (const f of s.byFunction)
    lines.push(`  ${f.pct.toFixed(1).padStart(5)} %  ${String(f.ms).padStart(6)} ms  ${f.fn}`);
  return lines.join('\n');
}
