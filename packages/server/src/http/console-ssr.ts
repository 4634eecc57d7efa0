import { existsSync } from 'node:fs';
import { CONSOLE_PREFS_COOKIE, Role } from '@switchboard/sdk';
import { DRAWN_SCREENS, type ConsoleLanguage } from '@switchboard/sdk/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authenticate } from './auth.js';
import { RenderThread } from './console-render-thread.js';

/** How long a render waits for the screen's data before drawing what it has. */
const DATA_BUDGET_MS = 800;

/**
 * Pages waiting for the drawing thread or being drawn, at most; past that a page comes undrawn, which the
 * console fills itself (at ~100 ms a page, the last of eight waits about as long as the console takes to start).
 */
const MAX_PENDING = 8;
/**
 * Pages being drawn for one user, and for one address, at most: one caller cannot fill the queue. An address
 * gets more than a user: behind a proxy that is not trusted (TRUST_PROXY) every user shares the proxy's.
 */
const MAX_PER_USER = 2;
const MAX_PER_ADDRESS = 4;

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

function language(req: FastifyRequest, prefs: Record<string, string>): ConsoleLanguage {
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
    `if (matchMedia('(prefers-color-scheme: dark)').matches !== ${drawnDark}) ` +
    `document.getElementById('root').replaceChildren();`
  );
}

export interface DrawnPage {
  /** Goes inside #root: the drawn page, inert until the console replaces it. */
  root: string;
  /** Goes after #root: the data the page was drawn from. */
  state: string;
  /** The inline scripts in `root` and `state`, for the page's Content-Security-Policy. */
  scripts: string[];
  /** For the Server-Timing header. */
  timing: string;
  lang: ConsoleLanguage;
}

/** Pages in flight per key (a user, an address), refusing one past `limit`. */
class InFlight {
  private readonly counts = new Map<string, number>();
  constructor(private readonly limit: number) {}
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  give(key: string): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
}

/**
 * Draws a console screen on the server so its first page is on screen as soon as the HTML is, long before the
 * console's scripts have started (on a 2-core machine those take over a second). The console then draws the
 * same screen from the same data and replaces this one. Pages are drawn on their own thread, a bounded number
 * at a time and per caller; a page past the bounds, and any failure, is the empty page the console fills itself.
 */
export function createConsoleRenderer(app: FastifyInstance, ctx: AppContext, entry: string) {
  if (!existsSync(entry)) return undefined;
  const thread = new RenderThread(app, entry);
  app.addHook('onClose', () => thread.close());
  const perUser = new InFlight(MAX_PER_USER);
  const perAddress = new InFlight(MAX_PER_ADDRESS);

  return async function draw(req: FastifyRequest): Promise<DrawnPage | undefined> {
    const path = req.url.split('?')[0] ?? '/';
    if (!Object.hasOwn(DRAWN_SCREENS, path)) return undefined;
    const level = DRAWN_SCREENS[path as keyof typeof DRAWN_SCREENS];
    let user;
    try {
      user = await authenticate(ctx, req, 'optional');
    } catch {
      return undefined;
    }
    if (!user || user.status !== 1 || (level === 'admin' && user.role < Role.Admin)) return undefined;
    if (thread.pending >= MAX_PENDING) return undefined;
    if (!perUser.take(String(user.id))) return undefined;
    if (!perAddress.take(req.ip)) {
      perUser.give(String(user.id));
      return undefined;
    }
    const prefs = readPrefs(req.cookies[CONSOLE_PREFS_COOKIE]);
    const lang = language(req, prefs);
    const started = performance.now();
    try {
      const { html, state, timings } = await thread.render(
        {
          url: req.url,
          lang,
          items: prefs,
          userId: user.id,
          headers: { cookie: req.headers.cookie ?? '' },
          budgetMs: DATA_BUDGET_MS,
        },
        req,
      );
      const total = performance.now() - started;
      const scripts = prefs['theme-mode'] ? [] : [systemThemeCheck(prefs['theme-resolved'] === 'dark')];
      return {
        lang,
        root: `<div inert data-server-drawn>${html}</div>`,
        state:
          `<script type="application/json" id="swb-state">${scriptJson(state)}</script>` +
          scripts.map((source) => `<script>${source}</script>`).join(''),
        scripts,
        timing:
          `page;dur=${total.toFixed(1)}, draw;dur=${timings.draw.toFixed(1)};desc="${timings.passes} passes", ` +
          `wait;dur=${timings.wait.toFixed(1)}`,
      };
    } catch (error) {
      req.log.warn({ err: error }, 'console page not drawn on the server');
      return undefined;
    } finally {
      perUser.give(String(user.id));
      perAddress.give(req.ip);
    }
  };
}

export type ConsoleRendererFn = NonNullable<ReturnType<typeof createConsoleRenderer>>;
