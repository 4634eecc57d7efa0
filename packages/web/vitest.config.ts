import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageProject } from '../../vitest.shared.js';

const { version } = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

const project = packageProject('web', {
  environment: 'happy-dom',
  // Port 9 (discard) on loopback: a component test that forgot to pre-fill a query fails fast, never
  // reaching a real server.
  environmentOptions: { happyDOM: { url: 'http://127.0.0.1:9' } },
  include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
  setupFiles: ['src/testing/setup.ts'],
  testTimeout: 20_000,
});

export default {
  ...project,
  esbuild: { jsx: 'automatic' },
  define: { __SWB_VERSION__: JSON.stringify(version) },
};
