import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../vite.config';

/* `npm start` builds the console: Rollup's notes on comments in dependencies (zod's) are not a newcomer's concern. */

type RollupLog = Rollup.RollupLog;
type OnWarn = (warning: RollupLog, warn: (w: RollupLog) => void) => void;
const onwarn = (config as { build: { rollupOptions: { onwarn: OnWarn } } }).build.rollupOptions.onwarn;

const passed = (warning: RollupLog): boolean => {
  let shown = false;
  onwarn(warning, () => (shown = true));
  return shown;
};

describe('the console build keeps real warnings and drops misplaced annotations in dependencies', () => {
  it('drops INVALID_ANNOTATION from node_modules (zod)', () => {
    expect(
      passed({
        code: 'INVALID_ANNOTATION',
        id: '/work/app/node_modules/zod/v4/core/util.js',
        message: 'A comment "/*#__PURE__*/" in "node_modules/zod/v4/core/util.js" contains an annotation…',
      }),
    ).toBe(false);
    expect(passed({ code: 'MODULE_LEVEL_DIRECTIVE', message: '"use client" was ignored' })).toBe(false);
  });

  it('keeps the same note about our own sources, and every other warning', () => {
    expect(
      passed({ code: 'INVALID_ANNOTATION', id: '/work/app/packages/web/src/x.ts', message: 'A comment…' }),
    ).toBe(true);
    expect(
      passed({ code: 'CIRCULAR_DEPENDENCY', id: '/work/app/node_modules/a/b.js', message: 'cycle' }),
    ).toBe(true);
    expect(passed({ code: 'EVAL', id: '/work/app/node_modules/a/b.js', message: 'eval' })).toBe(true);
  });
});
