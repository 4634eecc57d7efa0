import type { ClientOptions } from '../core/http.js';

/**
 * The console screens the server draws (its tables, whose first page is what a visitor waits for) and who may
 * have one drawn; anyone else gets the console's own page. The console checks at compile time that each is one
 * of its routes (web `app/paths.ts`).
 */
export const DRAWN_SCREENS = {
  '/log': 'user',
  '/token': 'user',
  '/midjourney': 'user',
  '/task': 'user',
  '/channel': 'admin',
  '/redemption': 'admin',
  '/user': 'admin',
} as const satisfies Record<string, 'user' | 'admin'>;

export type DrawnScreen = keyof typeof DRAWN_SCREENS;

/** The console's languages. */
export type ConsoleLanguage = 'zh' | 'en';

/** What the server hands the console's server build to draw one page. */
export interface RenderPageInput {
  /** Path and query of the page. */
  url: string;
  lang: ConsoleLanguage;
  /** Local-storage items the browser holds (its preferences cookie), by key. */
  items: Record<string, string>;
  /** The session's transport: the server's own API, in process, with the caller's credentials. */
  client: Pick<ClientOptions, 'fetch' | 'headers' | 'userId'>;
  /** How long to wait for modules and data in all (ms); the page is then drawn with what came. */
  budgetMs: number;
}

/** What the console's server build answers. */
export interface RenderPageOutput {
  /** The markup of #root, emotion's style tags inline. */
  html: string;
  /** The queries the page drew with, for the console to start from. */
  state: unknown;
  /** Milliseconds spent drawing (all passes) and waiting for modules and data. */
  timings: { draw: number; wait: number; passes: number };
}

/** The console's server build (`packages/web/dist-ssr/render-page.js`), as the server loads it. */
export interface ConsoleServerBuild {
  renderPage(input: RenderPageInput): Promise<RenderPageOutput>;
}
