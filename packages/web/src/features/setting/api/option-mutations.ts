import type { OptionEntry } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHandlers } from '../../../lib/mutation-handlers';
import { sdk } from '../../../lib/sdk';
import { optionDependentKeys, settingKeys } from './keys';

function useInvalidateOptions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [settingKeys.options, settingKeys.pricing, ...optionDependentKeys].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * What a form does with a save's answer. It runs at the mutation's level, before the options are refetched:
 * callbacks handed to `mutate()` run after the refetch and are dropped when the form that saved is gone by
 * then, and the refetch itself can remount it (the price editors are keyed by the stored maps).
 */
export interface SaveHandlers<T> {
  onSuccess?(input: T): void;
  onError?(error: Error, input: T): void;
}

/**
 * Saves option entries one call each (the SDK checks every value against its key's rule first, and an
 * empty list is 'you seem to have changed nothing'). The form shows the error itself.
 */
export function useSaveOptions(handlers: SaveHandlers<readonly OptionEntry[]> = {}) {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: async (entries: readonly OptionEntry[]) => (await sdk()).options.updateMany(entries),
    onSuccess: (_answer, entries) => handlers.onSuccess?.(entries),
    onError: (error, entries) => handlers.onError?.(error, entries),
    // Settled, not success: a batch that fails half-way has still saved its first entries.
    onSettled: invalidate,
    meta: { silent: true },
  });
}

/**
 * Deletes every log older than a time; resolves to the number deleted. A large clean-up takes a while and
 * the admin may have moved to another tab by its end, so the count is told through the handlers.
 */
export function useClearLogs(handlers: MutationHandlers<number, number> = {}) {
  return useMutation({
    mutationFn: async (beforeTimestamp: number) => (await sdk()).logs.delete(beforeTimestamp),
    onSuccess: (count, before) => handlers.onSuccess?.(count, before),
    onError: (error, before) => handlers.onError?.(error, before),
    meta: { silent: true },
  });
}

/** Puts ModelRatio back to the built-in defaults. */
export function useResetModelRatio(handlers: SaveHandlers<void> = {}) {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: async () => (await sdk()).options.resetModelRatio(),
    onSuccess: async () => {
      handlers.onSuccess?.();
      await invalidate();
    },
  });
}
