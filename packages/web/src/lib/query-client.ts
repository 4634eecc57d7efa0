import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessage, isAbort, isUnauthorized, UNAUTHORIZED_EVENT } from './errors';
import { notify } from './notify';

interface ErrorMeta {
  /** Show no toast; the component shows the error itself (forms, the playground). */
  silent?: boolean;
  /** A 401 here is a wrong password, not an expired session. */
  noAuthRedirect?: boolean;
}

function handle(error: unknown, meta: ErrorMeta | undefined): void {
  if (isAbort(error)) return;
  if (isUnauthorized(error) && !meta?.noAuthRedirect) {
    globalThis.dispatchEvent?.(new Event(UNAUTHORIZED_EVENT));
    return;
  }
  if (!meta?.silent) notify('error', errorMessage(error));
}

/** One query client: errors go to the notifier, a 401 anywhere redirects to the login page (spec §8). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta as ErrorMeta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, mutation.meta as ErrorMeta),
    }),
    defaultOptions: {
      // The SDK already retries idempotent calls on 429/5xx and network errors.
      queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
