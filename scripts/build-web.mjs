// Builds the web console into packages/web/dist when it is missing or older than its sources (the console's
// own files, the SDK it bundles, and the lockfile). `npm start` and the console's end-to-end tests call this;
// `node scripts/build-web.mjs --force` always builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const WEB_DIST = join(root, 'packages/web/dist');
/** The server-side build of the console (the server draws the first page of a screen with it), beside dist. */
export const WEB_SSR_ENTRY = join(root, 'packages/web/dist-ssr/render-page.js');
const SOURCES = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/sdk/src',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when dist/index.html is missing or older than any source. */
export function webIsStale() {
  const built = join(WEB_DIST, 'index.html');
  if (!existsSync(built) || !existsSync(WEB_SSR_ENTRY)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** Builds the console if stale (or always with `force`); resolves to whether it built. */
export async function buildWeb({ force = false, quiet = false } = {}) {
  if (!force && !webIsStale()) return false;
  const started = Date.now();
  if (!quiet) console.log('Building the web console…');
  const { build } = await import('vite');
  // Vite picks React's production build from NODE_ENV, which test runners set to "test".
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const common = {
      root: join(root, 'packages/web'),
      mode: 'production',
      logLevel: quiet ? 'silent' : 'warn',
    };
    await build(common);
    await build({
      ...common,
      build: { ssr: 'src/ssr/render-page.tsx', outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false },
      // Bundled libraries pick their build from NODE_ENV at run time otherwise: React's development build
      // draws several times slower, whatever the gateway runs with.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!quiet) console.log(`Web console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await buildWeb({ force: process.argv.includes('--force') });
