#!/usr/bin/env node
// `swb`: runs the bundle when it is built (`npm run build:cli`), else the TypeScript sources through tsx.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/index.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));
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
