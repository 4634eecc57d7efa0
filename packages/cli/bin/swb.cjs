#!/usr/bin/env -S node --max-semi-space-size=4 --heap-growing-percent=30
// `swb`: runs the bundle (`npm run build:cli`) unless the sources beside it are newer, in which case it runs
// the TypeScript sources through tsx, so a workspace checkout never runs a stale build.
//
// CommonJS, so `swb --version` answers before Node sets up its ES module loader (~11 ms of CPU measured).
// The V8 flags keep a long `swb logs export` under 100 MB: by default V8 lets the young generation grow to
// 32 MB and the old one to several times its live set (~17 MB there) before collecting. Measured on 100,000
// logs: peak RSS 113 MB with the defaults, 95 MB with these, for more GC work (user CPU ~4 s → ~7 s; the
// wall time is the server's). They apply when the file runs as `swb`, not as `node swb.cjs`.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file, for the start-up time above */
'use strict';
const { spawn } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const args = process.argv.slice(2);
const bundle = join(__dirname, '../dist/index.js');
const sources = join(__dirname, '../src');

function newestSource() {
  let newest = 0;
  for (const entry of readdirSync(sources, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  return newest;
}

if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(require('../package.json').version + '\n');
} else if (existsSync(bundle) && (!existsSync(sources) || newestSource() <= statSync(bundle).mtimeMs)) {
  import(pathToFileURL(bundle).href).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(sources, 'index.ts'), ...args],
    { stdio: 'inherit' },
  );
  // The child gets Ctrl-C from the terminal and handles it; this process just waits for its code.
  process.on('SIGINT', () => {});
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal === 'SIGINT' ? 130 : 1);
  });
}
