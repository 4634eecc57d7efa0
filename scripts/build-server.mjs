// Bundles the gateway into packages/server/dist (about a second): plain JS starts faster and uses ~65 MB less
// memory than running the TypeScript sources through a loader. Native and optional drivers stay external.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * V8 flags for the server process (`npm start` and the benchmark alike); SWB_NODE_FLAGS replaces them.
 * packages/server/src/relay/README.md sums them up beside the request path they were measured on.
 *
 * An 8 MB semi-space (V8's default grows to 16 MB): at c=64 peak RSS fell from ~145 MB to ~128 MB with
 * throughput unchanged within the run-to-run noise. 12 MB was measured again later: 4-13 % more requests per
 * second in three A/B runs, but peak RSS 138-166 MB in `npm run bench`, past its 150 MB target.
 *
 * `--liftoff-only`: undici parses HTTP with llhttp compiled to WebAssembly. Once it is hot, V8 recompiles it
 * with TurboFan on a background thread, whose working memory (15-25 MB, malloc'd) glibc keeps in the process
 * for good: perf on `brk` traced the main arena's growth to that compilation, and peak RSS at c=64 swung between
 * ~120 and ~150 MB on whether it happened. With V8's baseline compiler only, six traced runs made no TurboFan
 * compilation (`--no-wasm-tier-up` still let it happen in two of seven, and `v8.setFlagsFromString` at run time
 * in more), and an A/B run at c=64 showed peak RSS 127 MB against 148 with main-thread CPU x0.94 (noise: the
 * parser is a few percent of the CPU). It only concerns WebAssembly; JavaScript is still optimised.
 *
 * `--interrupt-budget=16896` (V8's default 67584): V8 optimises a function with TurboFan once it has run
 * through that much bytecode a few times. A relay runs most of its functions once per request, and those only
 * streamed answers use were still unoptimised after 700 streamed requests (`--trace-opt`: none of relayStream,
 * readChunks or the streamed body's), so `npm run bench` measured the stream path half warm. A quarter of the
 * budget compiles them within the first few hundred. A/B, 8-10 interleaved rounds against the same build: time
 * to first token at c=1 0.575 ms against 0.747 (bare proxy 0.523), CPU per request at c=64 x0.91 (twice), peak
 * RSS unchanged. An eighth (8448) gave no gain at c=64.
 *
 * main.ts also lowers the old generation's growth factor at start-up (SWB_HEAP_GROWING_PERCENT). A heap cap
 * (`--max-old-space-size`) is deliberately not used: it risks running out of memory with many long streams or
 * large bodies.
 */
export const SERVER_NODE_FLAGS = (
  process.env.SWB_NODE_FLAGS ?? '--max-semi-space-size=8 --liftoff-only --interrupt-budget=16896'
)
  .split(' ')
  .filter(Boolean);

/**
 * Environment defaults for the server process. Two malloc arenas instead of glibc's 8 per core: measured with
 * `npm run bench` at c=64, peak RSS fell from 226–255 MB to 192 MB with throughput unchanged.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

export async function buildServer() {
  await build({
    absWorkingDir: root,
    // The workers are entries of their own, beside main.js, where tokenizer.ts, settlement-writer.ts and
    // console-render-thread.ts look.
    entryPoints: [
      'packages/server/src/main.ts',
      'packages/server/src/relay/billing/tokenizer-worker.mjs',
      'packages/server/src/relay/billing/settlement-worker.ts',
      'packages/server/src/http/console-render-worker.ts',
    ],
    entryNames: '[name]',
    bundle: true,
    // Split so code that most requests never reach loads on first use; the tokenizer tables live in the worker entry.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: 'packages/server/dist',
    conditions: ['source'],
    sourcemap: 'linked',
    // Whitespace and comments out, names kept (stack traces stay readable). Beyond size, this keeps the bundle
    // ASCII: one non-ASCII character in a comment makes V8 hold the whole 5 MB source as a two-byte string.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    legalComments: 'external',
    external: ['better-sqlite3', 'bcrypt', 'pg', 'pg-native', 'mysql2'],
    banner: {
      js: "import { createRequire as __swbRequire } from 'node:module'; const require = __swbRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return `${root}packages/server/dist/main.js`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
