import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { preloadable } from '../lib/preloadable';
import { ScreenBoundary } from './screen-error';

/**
 * What a feature's routes.tsx exports: open routes, routes that need a signed-in user, routes only an
 * admin (role ≥ 10) may open, and routes for the super admin (role 100) alone.
 */
export interface FeatureRoutes {
  open?: RouteObject[];
  private?: RouteObject[];
  admin?: RouteObject[];
  /** Only the super admin (role 100): the audit trail. */
  root?: RouteObject[];
}

/** Each screen's loader by the first segment of its path, for {@link preloadScreen}. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * Starts loading the screen of `pathname` at start-up, beside the language files and the SDK, instead of
 * after the first render: on a cold load of /log that chain of downloads was most of the time to its first row.
 * Resolves when it is in (or failed: the screen's boundary shows that when it renders).
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return (loaders.get(pathname.split('/')[1] ?? '')?.() ?? Promise.resolve()).catch(() => undefined);
}

/**
 * A route whose screen is its own chunk, loaded on navigation, inside its own error boundary so one failing
 * screen never blanks the app. The shell's Suspense shows a spinner while the chunk loads.
 */
export function lazyRoute<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  const { Component: Screen, preload } = preloadable(load, pick);
  loaders.set(path.split('/')[0]!, preload);
  return {
    path,
    element: (
      <ScreenBoundary key={path}>
        <Screen />
      </ScreenBoundary>
    ),
  };
}
