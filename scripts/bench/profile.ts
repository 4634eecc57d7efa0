// Summarises a V8 `.cpuprofile` (from `node --cpu-prof`) into where the self time went: by area (our
// modules, each dependency, Node internals, GC) and by function. Used by BENCH_PROFILE=1.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
  byArea: { area: string; ms: number; pct: number }[];
  byFunction: { fn: string; ms: number; pct: number }[];
}

/** A readable bucket for a script URL: `server/relay`, `npm:fastify`, `node:internal`, `(garbage collector)`. */
export function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm:${pkg[1]}`;
  const ours = /packages\/([^/]+)\/src\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  const ourFile = /packages\/([^/]+)\/src\/([^/]+)$/.exec(url);
  if (ourFile) return `${ourFile[1]}/${ourFile[2]}`;
  if (url.startsWith('node:')) return url.split('/')[0]!.replace(/^node:internal.*/, 'node:internal');
  return url.replace(/^.*\//, '');
}

const top = <T extends { ms: number }>(m: Map<string, number>, total: number, key: string, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) => ({ [key]: k, ms: Math.round(v), pct: Math.round((v / total) * 1000) / 10 }) as unknown as T,
    );

/** Self time per area and per function, biggest first; `(idle)` is left out of the total. */
export function summariseProfile(file: string, requests: number, n = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    // timeDeltas[i] is the gap before sample i; in microseconds.
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + dt);
    const where = url ? `${url.replace(/^.*\/(node_modules|packages)\//, '')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}`.trim();
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    total += dt;
  }
  return {
    totalMs: Math.round(total),
    requests,
    cpuMsPerRequest: Math.round((total / Math.max(1, requests)) * 1000) / 1000,
    byArea: top(areas, total, 'area', n),
    byFunction: top(fns, total, 'fn', n),
  };
}

export function formatProfile(s: ProfileSummary): string {
  const lines = [
    `busy CPU in the Switchboard process: ${s.totalMs} ms (self time, idle excluded)`,
    '',
    'by area:',
  ];
  for (const a of s.byArea)
    lines.push(`  ${a.pct.toFixed(1).padStart(5)} %  ${String(a.ms).padStart(6)} ms  ${a.area}`);
  lines.push('', 'by function:');
  for (const f of s.byFunction)
    lines.push(`  ${f.pct.toFixed(1).padStart(5)} %  ${String(f.ms).padStart(6)} ms  ${f.fn}`);
  return lines.join('\n');
}
