// `npm start`: the gateway and console on http://localhost:3000 with SQLite under ./data.
// Runs the TypeScript sources through tsx (no build step to forget); the console is served when built.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'],
  { cwd: root, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
