/**
 * What a screen does with a mutation's answer, handed to the hook rather than to `mutate()`. TanStack Query
 * runs `mutate()`'s callbacks only after the hook's own `onSuccess` (which awaits the refetch), drops them
 * when the component that called `mutate()` is gone by then, and keeps them only for a hook's latest call;
 * these run with the mutation itself, before the refetch, whatever became of the caller.
 */
export interface MutationHandlers<TData, TVariables> {
  onSuccess?(data: TData, variables: TVariables): void;
  onError?(error: Error, variables: TVariables): void;
}

/**
 * A hook's own callbacks for `handlers`: they are told first, then what the mutation changed is refetched
 * (`refetch`, awaited so the mutation stays pending until the screen shows fresh data).
 */
export function reportThen<TData, TVariables>(
  handlers: MutationHandlers<TData, TVariables>,
  refetch?: () => Promise<unknown>,
) {
  return {
    onSuccess: async (data: TData, variables: TVariables) => {
      handlers.onSuccess?.(data, variables);
      await refetch?.();
    },
    onError: (error: Error, variables: TVariables) => handlers.onError?.(error, variables),
  };
}
