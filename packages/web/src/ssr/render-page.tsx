import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ConsoleServerBuild, RenderPageInput, RenderPageOutput } from '@switchboard/sdk/console';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Providers } from '../app/providers';
import { preloadSideMenu } from '../app/layout/side-menu-lazy';
import { AppRoutes } from '../app/router';
import { preloadScreen } from '../components/lazy-route';
import { initI18n } from '../lib/i18n';
import { createNotifier } from '../lib/notifier';
import { pendingLoads } from '../lib/preloadable';
import { createQueryClient } from '../lib/query-client';
import { setRenderScopeLookup, type RenderScope } from '../lib/render-scope';
import { sdk } from '../lib/sdk';
import { DiscoveryPass } from '../lib/server-pass';
import { STORAGE_KEYS } from '../lib/storage';
import { mergeStyles } from './merge-styles';

const MAX_PASSES = 4;

/**
 * Each render's scope (lib/render-scope.ts), found through the render's own asynchronous context: work a render
 * started that finishes during a later one (a query past the budget, its error) still lands in its own page's
 * scope, which nothing reads any more.
 */
const scopes = new AsyncLocalStorage<RenderScope>();
setRenderScopeLookup(() => scopes.getStore());

function enabled(query: Query): boolean {
  const flag = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof flag === 'function' ? flag(query) : flag !== false;
}

/** Queries the last pass asked for and nobody has fetched. */
function unfetched(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));
}

/** Only data that survives JSON (the console's queries return plain objects; anything else is refetched). */
function plain(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  if (depth > 20) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
  return Object.values(value).every((v) => plain(v, depth + 1));
}

function draw(client: QueryClient, url: string, discovery: boolean): string {
  // A fresh emotion cache per pass: emotion writes a rule's <style> only the first time its cache sees it.
  const cache = createCache({ key: 'css' });
  return renderToString(
    <DiscoveryPass.Provider value={discovery}>
      <CacheProvider value={cache}>
        <Providers client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </CacheProvider>
    </DiscoveryPass.Provider>,
  );
}

/**
 * Draws one console page on the server, the way the browser will once the console has started: the same
 * components, with the screen's queries answered first. Passes repeat while a pass asked for a module or data
 * it did not have (a lazy screen, then its queries). Everything of the caller lives in this render's scope; the
 * one module-wide setting it changes is i18next's language, so the caller runs one render at a time.
 */
export const renderPage: ConsoleServerBuild['renderPage'] = (input) => {
  const scope: RenderScope = {
    items: new Map(Object.entries(input.items)),
    client: input.client,
    lang: input.lang,
    user: null,
    notifier: createNotifier(),
  };
  return scopes.run(scope, () => drawInScope(input, scope));
};

async function drawInScope(input: RenderPageInput, scope: RenderScope): Promise<RenderPageOutput> {
  const client = createQueryClient();
  await initI18n(input.lang);
  const self = await (await sdk()).users.self.get();
  scope.user = {
    id: self.id,
    username: self.username,
    display_name: self.display_name,
    role: self.role,
    status: self.status,
    group: self.group,
  };
  scope.items.set(STORAGE_KEYS.user, JSON.stringify(scope.user));
  // The first pass draws no shell (server-pass.ts), so the side menu's module is asked for here.
  await Promise.all([preloadScreen(new URL(input.url, 'http://x').pathname), preloadSideMenu()]);
  const timings = { draw: 0, wait: 0, passes: 0 };
  let deadline = Infinity;
  let html: string;
  for (let pass = 0; ; pass++) {
    const drawStart = performance.now();
    html = draw(client, input.url, pass === 0);
    timings.draw += performance.now() - drawStart;
    timings.passes++;
    const waits = [...pendingLoads(), ...unfetched(client).map((q) => q.fetch().catch(() => undefined))];
    // The budget is for waiting: a slow first pass on a busy machine must not leave the table empty.
    if (deadline === Infinity) deadline = Date.now() + input.budgetMs;
    const left = deadline - Date.now();
    // The first pass only finds out what is needed; a page is always drawn by a later one.
    if (pass > 0 && (waits.length === 0 || left <= 0 || pass === MAX_PASSES - 1)) break;
    if (waits.length === 0 || left <= 0) continue;
    const waitStart = performance.now();
    await Promise.race([Promise.allSettled(waits), new Promise((r) => setTimeout(r, left))]);
    timings.wait += performance.now() - waitStart;
  }
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' && plain(q.state.data),
  });
  return { html: mergeStyles(html), state, timings };
}
