import type { OptionEntry } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportThen, type MutationHandlers } from '../../../lib/mutation-handlers';
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
 * Saves option entries one call each (the SDK checks every value against its key's rule first, and an
 * empty list is 'you seem to have changed nothing'). The form shows the error itself, through `handlers`:
 * they run before the refetch, which can remount the form that saved (the price editors are keyed by the
 * stored maps), and callbacks given to `mutate()` would be dropped with it.
 */
export function useSaveOptions(handlers: MutationHandlers<void, readonly OptionEntry[]> = {}) {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: async (entries: readonly OptionEntry[]) => (await sdk()).options.updateMany(entries),
    ...reportThen(handlers),
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
    ...reportThen(handlers),
    meta: { silent: true },
  });
}

/** Puts ModelRatio back to the built-in defaults. */
export function useResetModelRatio(handlers: MutationHandlers<void, void> = {}) {
  const invalidate = useInvalidateOptions();
  return useMutation({
    mutationFn: async () => (await sdk()).options.resetModelRatio(),
    ...reportThen(handlers, invalidate),
  });
}
