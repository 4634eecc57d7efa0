import { BusinessError, type RedemptionCreateParams, type RedemptionStatus } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { redemptionKeys } from './keys';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: redemptionKeys.all });
}

/** The keys made by a create call, and the error when new-api stopped part way (it sends the keys so far). */
export interface CreatedCodes {
  keys: string[];
  error?: unknown;
}

function partialKeys(error: unknown): string[] {
  if (!(error instanceof BusinessError)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.filter((k): k is string => typeof k === 'string') : [];
}

/** Creates a batch of 1 to 100 codes; resolves to the generated keys even when the batch broke off. */
export function useCreateRedemptions() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: async (params: RedemptionCreateParams): Promise<CreatedCodes> => {
      try {
        return { keys: await (await sdk()).redemptions.create(params) };
      } catch (error) {
        const keys = partialKeys(error);
        if (keys.length === 0) throw error;
        return { keys, error };
      }
    },
    onSettled,
    meta: { silent: true },
  });
}

export function useUpdateRedemption() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, name, quota }: { id: number; name: string; quota: number }) =>
      (await sdk()).redemptions.update(id, { name, quota }),
    onSuccess,
    meta: { silent: true },
  });
}

/** Enables or disables codes one after the other; resolves to how many were changed. */
export function useRedemptionStatus() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: number[]; status: Exclude<RedemptionStatus, 3> }) => {
      const client = await sdk();
      for (const id of ids) await client.redemptions.updateStatus(id, status);
      return ids.length;
    },
    onSettled,
  });
}

export function useDeleteRedemptions() {
  const onSettled = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const client = await sdk();
      for (const id of ids) await client.redemptions.delete(id);
      return ids.length;
    },
    onSettled,
  });
}
