#!/usr/bin/env -S node --max-semi-space-size=4 --heap-growing-percent=30
// The V8 flags keep a long `swb logs export` under 100 MB: by default V8 lets the young generation grow to
// 32 MB and the old one to several times its live set (~17 MB here) before collecting. Measured on 100,000
// logs: peak RSS 113 MB with the defaults, 95 MB with these, for more GC work (user CPU ~4 s → ~7 s; the
// wall time is the server's). They apply when the file runs as `swb`, not as `node swb.mjs`.
// `swb`: runs the bundle (`npm run build:cli`) unless the sources beside it are newer, in which case it runs
// the TypeScript sources through tsx, so a workspace checkout never runs a stale build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const sources = fileURLToPath(new URL('../src', import.meta.url));

function newestSource() {
  let newest = 0;
  for (const entry of readdirSync(sources, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  return newest;
}

const useBundle = existsSync(bundle) && (!existsSync(sources) || newestSource() <= statSync(bundle).mtimeMs);
if (useBundle) {
  await import(new URL('../dist/index.js', import.meta.url).href);
} else {
  const source = `${sources}/index.ts`;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', source, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // The child gets Ctrl-C from the terminal and handles it; this process just waits for its code.
  process.on('SIGINT', () => {});
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal === 'SIGINT' ? 130 : 1);
  });
}
