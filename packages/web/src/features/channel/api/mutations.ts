import type { ChannelCreateParams, ChannelTagEditParams, ChannelUpdateParams } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { channelKeys } from './keys';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: channelKeys.all });
}

export function useCreateChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (params: ChannelCreateParams) => (await sdk()).channels.create(params),
    onSuccess,
    meta: { silent: true },
  });
}

export function useUpdateChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, params }: { id: number; params: Omit<ChannelUpdateParams, 'id'> }) =>
      (await sdk()).channels.update(id, params),
    onSuccess,
    meta: { silent: true },
  });
}

/** Inline priority or weight edit; the caller shows the validation message. */
export function useInlineEdit() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, field, value }: { id: number; field: 'priority' | 'weight'; value: string }) => {
      const client = await sdk();
      return field === 'priority'
        ? client.channels.updatePriority(id, value)
        : client.channels.updateWeight(id, value);
    },
    onSuccess,
    meta: { silent: true },
  });
}

/** Enables (1) or disables (2) channels one by one (new-api has no batch status call). */
export function useSetStatus() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: number[]; status: 1 | 2 }) => {
      const client = await sdk();
      for (const id of ids) await client.channels.updateStatus(id, status);
      return ids.length;
    },
    onSuccess,
  });
}

export function useTagStatus() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ tag, enable }: { tag: string; enable: boolean }) => {
      const client = await sdk();
      await (enable ? client.channels.tags.enable(tag) : client.channels.tags.disable(tag));
    },
    onSuccess,
  });
}

export function useEditTag() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ tag, params }: { tag: string; params: Omit<ChannelTagEditParams, 'tag'> }) =>
      (await sdk()).channels.tags.update(tag, params),
    onSuccess,
    meta: { silent: true },
  });
}

export function useSetTag() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, tag }: { ids: number[]; tag: string }) =>
      (await sdk()).channels.setTag({ ids, tag }),
    onSuccess,
    meta: { silent: true },
  });
}

export function useDeleteChannels() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const client = await sdk();
      if (ids.length === 1) {
        await client.channels.delete(ids[0]!);
        return 1;
      }
      return client.channels.deleteMany({ ids });
    },
    onSuccess,
  });
}

export function useDeleteDisabled() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: async () => (await sdk()).channels.deleteDisabled(), onSuccess });
}

export function useFixAbilities() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: async () => (await sdk()).channels.fix(), onSuccess });
}

export function useUpdateBalance() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await sdk()).channels.updateBalance(id),
    onSuccess,
  });
}

export function useUpdateAllBalances() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: async () => (await sdk()).channels.updateAllBalances(), onSuccess });
}

/** One channel test; resolves to the result (a failed test is a result, not a thrown error). */
export function useTestChannel() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, model }: { id: number; model?: string }) =>
      (await sdk()).channels.test(id, model ? { model } : {}),
    onSuccess,
    meta: { silent: true },
  });
}

export function useFetchUpstreamModels() {
  return useMutation({
    mutationFn: async (
      source: { id: number } | { base_url: string; type: number; key: string },
    ): Promise<string[]> => {
      const client = await sdk();
      return 'id' in source
        ? client.channels.fetchModels(source.id)
        : client.channels.fetchModelsByParams(source);
    },
    meta: { silent: true },
  });
}

export function useRevealKey() {
  return useMutation({
    mutationFn: async (id: number) => (await sdk()).channels.revealKey(id),
    meta: { silent: true },
  });
}
