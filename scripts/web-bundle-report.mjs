// `node scripts/web-bundle-report.mjs`: builds the console in memory and reports, gzipped, the JavaScript the
// login route needs (entry chunk, its static imports and the login screen's chunk) against the 200 KB budget,
// plus the largest packages in the entry chunk. A report, not a test: it prints numbers and never fails CI.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { build } from 'vite';

const BUDGET_KB = 200;
const root = fileURLToPath(new URL('../packages/web', import.meta.url));
const result = await build({ root, logLevel: 'silent', build: { write: false } });
const chunks = (Array.isArray(result) ? result : [result])
  .flatMap((r) => r.output)
  .filter((o) => o.type === 'chunk');
const byName = new Map(chunks.map((c) => [c.fileName, c]));
const gz = (code) => gzipSync(code).length;

function closure(names, seen = new Set()) {
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    closure(byName.get(name)?.imports ?? [], seen);
  }
  return seen;
}

function packageOf(id) {
  const tail = id.split('node_modules/').pop();
  if (id.includes('node_modules/'))
    return tail
      .split('/')
      .slice(0, tail.startsWith('@') ? 2 : 1)
      .join('/');
  return (id.split('/packages/')[1] ?? id).split('/').slice(0, 2).join('/');
}

const entry = chunks.find((c) => c.isEntry);
const login = chunks.find((c) => c.facadeModuleId?.endsWith('login-form.tsx'));
const files = closure([entry.fileName, ...(login ? [login.fileName] : [])]);
let total = 0;
console.log('Login route JavaScript (gzipped):');
for (const name of files) {
  const size = gz(byName.get(name).code);
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
}
const verdict = total / 1024 <= BUDGET_KB ? 'within' : 'OVER';
console.log(`  ${(total / 1024).toFixed(1).padStart(7)} KB  total (${verdict} the ${BUDGET_KB} KB budget)`);

const code = new Map();
const loginModules = [...files].flatMap((name) => Object.entries(byName.get(name).modules));
for (const [id, mod] of loginModules) {
  code.set(packageOf(id), `${code.get(packageOf(id)) ?? ''}(async () => {${mod.code ?? ''}\n})();\n`);
}
console.log('\nLargest packages of the login route (each minified and gzipped alone):');
const sizes = await Promise.all(
  [...code].map(async ([name, text]) => [name, gz((await transform(text, { minify: true })).code)]),
);
for (const [name, size] of sizes.sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
console.log(
  `\nAll chunks: ${chunks.length}, ${(chunks.reduce((n, c) => n + gz(c.code), 0) / 1024).toFixed(1)} KB gzipped`,
);
