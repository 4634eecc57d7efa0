import { packageProject } from '../../vitest.shared.js';

const project = packageProject('web', {
  environment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
  setupFiles: ['src/testing/setup.ts'],
  testTimeout: 20_000,
});

export default { ...project, esbuild: { jsx: 'automatic' } };
