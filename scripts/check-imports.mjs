// Import rules that lint cannot see file by file (issue 23), from each package's resolved import graph, type-only
// imports included:
// - no import cycles in any package: a cycle means a type or a module lives in the wrong file;
// - the server's layers: a file imports its own layer and those below, never one above.
// Run by `npm run lint`.
import madge from 'madge';

const PACKAGES = ['sdk', 'server', 'cli', 'web', 'mock-server'];

/**
 * The server's layers, lowest first, by path under packages/server/src. `relay` and `modules` are one layer (the
 * relay bills through module services, channel management tests through the relay); the cycle check keeps them
 * from leaning on each other both ways. Tests and what is not listed (`testing/`, `main.ts`, `index.ts`) sit on
 * top and may import anything.
 */
const SERVER_LAYERS = [
  [
    'config.ts',
    'config-env.ts',
    'config-newapi.ts',
    'config-relay.ts',
    'config-observe.ts',
    'flags.ts',
    'context.ts',
    'crypto.ts',
    'events.ts',
    'version.ts',
    'option-store.ts',
    'db/',
    'observe/',
  ],
  ['http/', 'net/', 'cluster/'],
  ['notify/'],
  ['relay/', 'modules/'],
  ['app.ts'],
];

/** Tests and the kits they share (`*-test-kit.ts`, `test-helpers.ts`, `*-test-utils.ts`). */
const isTest = (file) => /\.test\.tsx?$|test-kit\.ts$|test-helpers\.ts$|test-utils\.ts$/.test(file);

function layerOf(file) {
  const i = SERVER_LAYERS.findIndex((layer) =>
    layer.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)),
  );
  return i < 0 ? Infinity : i;
}

const problems = [];
for (const name of PACKAGES) {
  const graph = await madge(`packages/${name}/src`, {
    fileExtensions: ['ts', 'tsx', 'mjs'],
    tsConfig: 'tsconfig.base.json',
    excludeRegExp: [/[\\/]__fixtures__[\\/]/],
  });
  for (const cycle of graph.circular())
    problems.push(`packages/${name}: import cycle ${[...cycle, cycle[0]].join(' -> ')}`);
  if (name !== 'server') continue;
  for (const [file, deps] of Object.entries(graph.obj())) {
    if (isTest(file)) continue;
    for (const dep of deps) {
      if (layerOf(dep) > layerOf(file))
        problems.push(
          `packages/server: ${file} imports ${dep}, a layer above it (scripts/check-imports.mjs)`,
        );
    }
  }
}
for (const problem of problems) console.error(problem);
if (problems.length) process.exit(1);
console.log(`Imports: no cycles in ${PACKAGES.join(', ')}; the server's layers hold.`);
