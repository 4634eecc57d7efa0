import type { AuditEntry } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { reportThen, type MutationHandlers } from '../../../lib/mutation-handlers';

/**
 * Reverts an option or channel entry. A revert changes what other screens show (options, channels), so every
 * cached query is refetched, not only the trail's. A refusal goes to the notifier like any other error.
 */
export function useRevertAudit(handlers: MutationHandlers<AuditEntry, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await sdk()).audit.revert(id),
    ...reportThen(handlers, () => queryClient.invalidateQueries()),
  });
}
