// Bundles `swb` into packages/cli/dist (esbuild, well under a second). The entry only answers --version and
// otherwise imports the command chunk, so `swb --version` starts without loading commander, zod or the SDK.
// jq-web stays external: it is CommonJS that loads jq.wasm from beside itself. So do the database drivers that
// `swb doctor` loads (better-sqlite3 is native; pg names an optional native binding).
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds into `outdir` (relative to the repository root); tests build a private copy. */
export async function buildCli(outdir = 'packages/cli/dist') {
  // Chunk names carry content hashes: clear the old ones rather than let them pile up.
  await rm(`${root}${outdir}`, { recursive: true, force: true });
  const pkg = JSON.parse(await readFile(`${root}packages/cli/package.json`, 'utf8'));
  await build({
    absWorkingDir: root,
    entryPoints: ['packages/cli/src/index.ts'],
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    conditions: ['source'],
    sourcemap: 'linked',
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    legalComments: 'external',
    external: ['jq-web', 'better-sqlite3', 'pg', 'pg-native', 'mysql2'],
    define: { __SWB_VERSION__: JSON.stringify(pkg.version) },
    banner: {
      js: "import { createRequire as __swbRequire } from 'node:module'; const require = __swbRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return `${root}${outdir}/index.js`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
