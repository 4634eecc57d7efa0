import { defaultServerConditions, defaultClientConditions } from 'vite';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/** Per-package vitest config: resolve workspace packages to their TypeScript sources. */
export function packageProject(name: string, extra: UserWorkspaceConfig['test'] = {}) {
  return defineProject({
    resolve: { conditions: ['source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    test: { name, include: ['src/**/*.test.ts', 'test/**/*.test.ts'], ...extra },
  });
}
