import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CONSOLE_PREFS_COOKIE, Role } from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authenticate } from './auth.js';
import { injectFetch } from './inject-fetch.js';

/** What the console's server build exports (packages/web/src/ssr/render-page.tsx). */
interface ConsoleRenderer {
  renderPage(input: {
    url: string;
    lang: 'zh' | 'en';
    items: Record<string, string>;
    client: { fetch: typeof fetch; userId: number; headers: Record<string, string> };
    budgetMs: number;
  }): Promise<{ html: string; state: unknown; timings: { draw: number; wait: number; passes: number } }>;
}

/**
 * The screens drawn on the server: the tables, whose first page is what a visitor waits for. Admin screens
 * only for admins (anyone else gets the console's not-found page from the browser, as before).
 */
const DRAWN: Record<string, 'user' | 'admin'> = {
  '/log': 'user',
  '/token': 'user',
  '/midjourney': 'user',
  '/task': 'user',
  '/channel': 'admin',
  '/redemption': 'admin',
  '/user': 'admin',
};

/** How long a render waits for the screen's data before drawing what it has. */
const DATA_BUDGET_MS = 800;

/** The console's preferences cookie: a flat object of short strings, anything else ignored. */
export function readPrefs(raw: string | undefined): Record<string, string> {
  if (!raw || raw.length > 4096) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const entries = Object.entries(value).filter(
      ([k, v]) => typeof v === 'string' && v.length <= 200 && k.length <= 100 && k !== '__proto__',
    );
    return Object.fromEntries(entries.slice(0, 50)) as Record<string, string>;
  } catch {
    return {};
  }
}

function language(req: FastifyRequest, prefs: Record<string, string>): 'zh' | 'en' {
  const stored = prefs.i18nextLng;
  if (stored === 'zh' || stored === 'en') return stored;
  return /^\s*en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh';
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A visitor who follows the system theme was drawn in the mode the console last saw there; if the system has
 * switched since, the drawn page goes before it is painted and the console draws the right one itself.
 */
function systemThemeCheck(drawnDark: boolean): string {
  return (
    `<script>if (matchMedia('(prefers-color-scheme: dark)').matches !== ${drawnDark}) ` +
    `document.getElementById('root').replaceChildren();</script>`
  );
}

export interface DrawnPage {
  /** Goes inside #root: the drawn page, inert until the console replaces it. */
  root: string;
  /** Goes after #root: the data the page was drawn from. */
  state: string;
  /** For the Server-Timing header. */
  timing: string;
  lang: 'zh' | 'en';
}

/**
 * Draws a console screen on the server so its first page is on screen as soon as the HTML is, long before the
 * console's scripts have started (on a 2-core machine those take over a second). The console then draws the
 * same screen from the same data and replaces this one. Renders run one at a time (the console's module state
 * is per page); any failure falls back to the empty page the console fills itself.
 */
export function createConsoleRenderer(app: FastifyInstance, ctx: AppContext, entry: string) {
  if (!existsSync(entry)) return undefined;
  let loaded: Promise<ConsoleRenderer> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  return async function draw(req: FastifyRequest): Promise<DrawnPage | undefined> {
    const path = req.url.split('?')[0] ?? '/';
    const level = DRAWN[path];
    if (!level) return undefined;
    let user;
    try {
      user = await authenticate(ctx, req, 'optional');
    } catch {
      return undefined;
    }
    if (!user || user.status !== 1 || (level === 'admin' && user.role < Role.Admin)) return undefined;
    const prefs = readPrefs(req.cookies[CONSOLE_PREFS_COOKIE]);
    const lang = language(req, prefs);
    const started = performance.now();
    const run = async () => {
      loaded ??= import(pathToFileURL(entry).href) as Promise<ConsoleRenderer>;
      const renderer = await loaded;
      return renderer.renderPage({
        url: req.url,
        lang,
        items: prefs,
        client: {
          fetch: injectFetch(app, req),
          userId: user.id,
          headers: { cookie: req.headers.cookie ?? '' },
        },
        budgetMs: DATA_BUDGET_MS,
      });
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    try {
      const { html, state, timings } = await result;
      const total = performance.now() - started;
      return {
        lang,
        root: `<div inert data-server-drawn>${html}</div>`,
        state:
          `<script type="application/json" id="swb-state">${scriptJson(state)}</script>` +
          (prefs['theme-mode'] ? '' : systemThemeCheck(prefs['theme-resolved'] === 'dark')),
        timing:
          `page;dur=${total.toFixed(1)}, draw;dur=${timings.draw.toFixed(1)};desc="${timings.passes} passes", ` +
          `wait;dur=${timings.wait.toFixed(1)}`,
      };
    } catch (error) {
      loaded = loaded?.catch(() => undefined) as Promise<ConsoleRenderer> | undefined;
      req.log.warn({ err: error }, 'console page not drawn on the server');
      return undefined;
    }
  };
}

export type ConsoleRendererFn = NonNullable<ReturnType<typeof createConsoleRenderer>>;
