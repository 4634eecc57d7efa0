// CPU per request and throughput at c=64 (AB_CONCURRENCY) of several builds of the server, taking turns against
// one fake upstream, with the bare proxy as a reference:
//   node --conditions=source --import=tsx scripts/bench/ab.ts <main.js>[,KEY=value…] <main.js> …
// For deciding a change by numbers on a noisy machine: build each variant (`node scripts/build-server.mjs`), copy
// packages/server/dist to a folder inside the repository (its native modules resolve from there), compare the
// medians and the paired ratios. AB_ROUNDS (default 6), AB_SECONDS (default 5), AB_STREAM=1 for time to first token.
import { cpuMs, rssMb, startUpstreamAndBare, type Child } from './children.js';
import { startSwitchboard } from './switchboard.js';
import { runLoad } from './load.js';
import { median } from './report.js';
import { runWrk } from './wrk.js';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const messages = [{ role: 'user', content: 'Say hello.' }];
const BODY = JSON.stringify({ model: 'gpt-4o-mini', messages });
const STREAM = process.env.AB_STREAM === '1';
const STREAM_BODY = JSON.stringify({
  model: 'gpt-4o-mini',
  messages,
  stream: true,
  stream_options: { include_usage: true },
});

interface Variant {
  name: string;
  origin: string;
  key: string;
  pid: number;
  cpu: number[];
  /** The main thread's share: the event loop, which bounds throughput. */
  mainCpu: number[];
  rps: number[];
  p50: number[];
}

const CONCURRENCY = Number(process.env.AB_CONCURRENCY ?? 64);

async function load(v: Variant, seconds: number, concurrency = CONCURRENCY): Promise<void> {
  if (process.env.AB_VERBOSE) console.log(`${v.name} pid ${v.pid}: c=${concurrency} for ${seconds} s`);
  const before = cpuMs(v.pid)!;
  const mainBefore = cpuMs(v.pid, true)!;
  const spec = {
    origin: v.origin,
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${v.key}` },
    concurrency,
  };
  // AB_STREAM=1: streamed answers from a Node client, whose p50 is the time to the first token (as in bench).
  const r = STREAM
    ? await runLoad({ ...spec, body: STREAM_BODY, requests: seconds * 100, stream: true })
    : await runWrk({ ...spec, body: BODY, durationMs: seconds * 1000 });
  if (r.errors) console.warn(`  ${v.name}: ${r.errors} errors (${r.firstError})`);
  v.cpu.push(((cpuMs(v.pid)! - before) * 1000) / (r.count + r.errors));
  v.mainCpu.push(((cpuMs(v.pid, true)! - mainBefore) * 1000) / (r.count + r.errors));
  v.rps.push(r.rps);
  v.p50.push(r.p50);
}

async function main(): Promise<void> {
  const mains = process.argv.slice(2);
  const children: Child[] = [];
  try {
    const { upstreamUrl, bare } = await startUpstreamAndBare(children);
    const variants: Variant[] = [
      {
        name: 'bare',
        origin: `http://127.0.0.1:${bare.port}`,
        key: 'x',
        pid: bare.pid,
        cpu: [],
        mainCpu: [],
        rps: [],
        p50: [],
      },
    ];
    for (const arg of mains) {
      // `main.js,KEY=value,--flag=value,…`: that build with extra environment (e.g. SETTLEMENT_FLUSH_MS=200)
      // and Node or V8 flags after the usual ones (e.g. --max-semi-space-size=4).
      const [main = '', ...extra] = arg.split(',');
      const flags = extra.filter((x) => x.startsWith('--'));
      const saved = { ...process.env };
      for (const kv of extra.filter((x) => !x.startsWith('--')))
        process.env[kv.slice(0, kv.indexOf('='))] = kv.slice(kv.indexOf('=') + 1);
      const sw = await startSwitchboard(upstreamUrl, flags, main).finally(() => {
        process.env = saved;
      });
      children.push(sw);
      variants.push({
        name: arg,
        origin: `http://127.0.0.1:${sw.port}`,
        key: sw.key,
        pid: sw.pid,
        cpu: [],
        mainCpu: [],
        rps: [],
        p50: [],
      });
    }
    for (const v of variants) {
      await load(v, 3, 8);
      v.cpu.length = v.mainCpu.length = v.rps.length = v.p50.length = 0;
    }
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate the order so neither variant always runs right after the other.
      const order = i % 2 ? [...variants].reverse() : variants;
      for (const v of order) await load(v, SECONDS);
      console.log(
        `round ${i + 1}: ` +
          variants
            .map((v) => `${v.name} ${v.cpu.at(-1)!.toFixed(0)} µs ${v.rps.at(-1)!.toFixed(0)}/s`)
            .join(' | '),
      );
    }
    // Paired with the first build in the same round: the machine's drift cancels out of the ratio.
    const first = variants[1];
    for (const v of variants)
      console.log(
        `${v.name}: median ${median(v.cpu).toFixed(1)} µs/req, ${median(v.rps).toFixed(0)} req/s, ` +
          `main thread ${median(v.mainCpu).toFixed(1)} µs/req, ` +
          `p50 ${median(v.p50).toFixed(3)} ms, peak RSS ${rssMb(v.pid, true)?.toFixed(1)} MB ` +
          `(cpu ${v.cpu.map((x) => x.toFixed(0)).join(' ')})` +
          (first && v !== first
            ? `; vs first build: cpu ×${median(v.cpu.map((c, i) => c / first.cpu[i]!)).toFixed(3)}, ` +
              `main thread ×${median(v.mainCpu.map((c, i) => c / first.mainCpu[i]!)).toFixed(3)}, ` +
              `req/s ×${median(v.rps.map((r, i) => r / first.rps[i]!)).toFixed(3)}`
            : ''),
      );
  } finally {
    for (const c of children.reverse()) await c.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
