import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Module loads under way, awaited by the server render before its next pass. */
const inFlight = new Set<Promise<unknown>>();

export function pendingLoads(): Promise<unknown>[] {
  return [...inFlight];
}

/**
 * A thenable that calls back at once. React's `lazy` reads a module that is already loaded without suspending
 * when its loader answers with one, so a preloaded screen renders in the first pass instead of behind a
 * spinner (on the client after a preload, and in every server render after the first).
 */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null) {
      return Promise.resolve(onFulfilled ? onFulfilled(value) : (value as unknown as R1)) as PromiseLike<
        R1 | R2
      >;
    },
  };
}

export interface Preloadable<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the module (once); resolves when it is in. */
  preload(): Promise<unknown>;
}

/** `React.lazy` that can be preloaded, and renders synchronously once its module is in. */
export function preloadable<M, P = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: { module: M } | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    if (!loading) {
      const promise = load().then(
        (module) => {
          loaded = { module };
          inFlight.delete(promise);
          return module;
        },
        (error: unknown) => {
          // A failed chunk (a deploy replaced it, the network dropped) is tried again on the next render.
          loading = undefined;
          inFlight.delete(promise);
          throw error;
        },
      );
      loading = promise;
      inFlight.add(promise);
    }
    return loading;
  };
  const Component = lazy(() =>
    loaded
      ? (settled({ default: pick(loaded.module) }) as Promise<{ default: ComponentType<P> }>)
      : preload().then((module) => ({ default: pick(module) })),
  );
  return { Component, preload };
}
