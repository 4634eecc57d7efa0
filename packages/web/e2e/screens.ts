import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Gitignored: the screenshots are for people, not a visual diff. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots', import.meta.url));

const SCREENS = [
  '/',
  '/about',
  '/pricing',
  '/token',
  '/log',
  '/topup',
  '/setting',
  '/playground',
  '/detail',
  '/midjourney',
  '/task',
  '/no-such-page',
];

const VARIANTS = [
  { name: 'light', theme: 'light', width: 1280, height: 800 },
  { name: 'dark', theme: 'dark', width: 1280, height: 800 },
  { name: 'phone', theme: 'light', width: 390, height: 844 },
] as const;

/**
 * Visits each screen in light, dark and phone layouts (signed in) and saves a PNG of each; `prefix` keeps
 * another run's files (e.g. the admin's view of a screen) apart.
 */
export async function captureScreens(
  page: Page,
  baseUrl: string,
  screens: readonly string[] = SCREENS,
  prefix = '',
): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const files: string[] = [];
  for (const variant of VARIANTS) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.evaluate((theme) => localStorage.setItem('theme-mode', theme), variant.theme);
    for (const path of screens) {
      await page.goto(`${baseUrl}${path}`);
      // Settled: no spinner left (lazy chunk, queries) and the fonts drawn.
      await page.waitForFunction(
        () => !document.querySelector('[aria-busy="true"], .MuiCircularProgress-root'),
        null,
        {
          timeout: 10_000,
        },
      );
      await page.evaluate(() => document.fonts.ready);
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
      const file = join(SCREENSHOT_DIR, `${prefix}${name}-${variant.name}.png`);
      await page.screenshot({ path: file });
      files.push(file);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.removeItem('theme-mode'));
  return files;
}
