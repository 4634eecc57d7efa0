import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = new URL('./packages/web/src/features', import.meta.url);
const webFeatures = existsSync(featuresDir) ? readdirSync(featuresDir) : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The SDK runs in browsers too: Node built-ins would break the console's bundle.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['packages/sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The SDK must run in the browser.' }] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The SDK must run in the browser.' },
        { name: 'Buffer', message: 'The SDK must run in the browser.' },
      ],
    },
  },
  {
    // The console's one-way imports: shared code never imports features or the app; a feature never imports
    // another feature (spec'd in the house style, enforced here).
    files: ['packages/web/src/lib/**', 'packages/web/src/components/**', 'packages/web/src/theme/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`packages/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [
                  `../${other}`,
                  `../${other}/**`,
                  `../../${other}/**`,
                  `../../../${other}/**`,
                ]),
              message: 'A feature must not import another feature.',
            },
          ],
        },
      ],
    },
  })),
);
