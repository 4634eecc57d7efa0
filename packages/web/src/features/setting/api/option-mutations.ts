import type { OptionEntry } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
 * empty list is 'you seem to have changed nothing'). The form shows the error itself.
 */
export function useSaveOptions() {
  const onSettled = useInvalidateOptions();
  return useMutation({
    mutationFn: async (entries: readonly OptionEntry[]) => (await sdk()).options.updateMany(entries),
    // Settled, not success: a batch that fails half-way has still saved its first entries.
    onSettled,
    meta: { silent: true },
  });
}

/** Deletes every log older than a time; resolves to the number deleted. */
export function useClearLogs() {
  return useMutation({
    mutationFn: async (beforeTimestamp: number) => (await sdk()).logs.delete(beforeTimestamp),
    meta: { silent: true },
  });
}

/** Puts ModelRatio back to the built-in defaults. */
export function useResetModelRatio() {
  const onSuccess = useInvalidateOptions();
  return useMutation({
    mutationFn: async () => (await sdk()).options.resetModelRatio(),
    onSuccess,
  });
}
