import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ScreenError } from './screen-error';

/** What a feature's routes.tsx exports: open routes and routes that need a signed-in user. */
export interface FeatureRoutes {
  open?: RouteObject[];
  private?: RouteObject[];
}

/**
 * A route whose screen is its own chunk, loaded on navigation, with its own error boundary so one failing
 * screen never blanks the app.
 */
export function lazyRoute<M>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): RouteObject {
  return {
    path,
    errorElement: <ScreenError />,
    lazy: async () => ({ Component: pick(await load()) }),
  };
}
