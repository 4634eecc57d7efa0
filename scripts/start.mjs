// `npm start`: builds the gateway (a second) and, when missing or stale, the web console (half a minute), then
// serves the API and console on http://localhost:3000,
// SQLite under ./data. Signals are passed on so the server can drain and flush before exiting.
import { spawn } from 'node:child_process';
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const [main] = await Promise.all([buildServer(), buildWeb()]);
// Arguments after `npm start --` reach the server (`--port`, `--log-dir`, `--migrate`).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
