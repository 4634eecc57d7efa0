import type { ChannelCreateParams, ChannelTagEditParams, ChannelUpdateParams } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportThen, type MutationHandlers } from '../../../lib/mutation-handlers';
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

interface InlineEdit {
  id: number;
  field: 'priority' | 'weight';
  value: string;
}

/**
 * Inline priority or weight edit; the caller shows the validation message. Its handlers, not `mutate()`'s:
 * one cell's edit is often still under way when the next cell is edited, and the server's refusal of the
 * first would be lost.
 */
export function useInlineEdit(handlers: MutationHandlers<unknown, InlineEdit> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, field, value }: InlineEdit) => {
      const client = await sdk();
      return field === 'priority'
        ? client.channels.updatePriority(id, value)
        : client.channels.updateWeight(id, value);
    },
    ...reportThen(handlers, invalidate),
    meta: { silent: true },
  });
}

interface StatusChange {
  ids: number[];
  status: 1 | 2;
}

/**
 * Enables (1) or disables (2) channels one by one (new-api has no batch status call). The test run's dialog
 * passes handlers: it may be closed while the failed channels are being disabled.
 */
export function useSetStatus(handlers: MutationHandlers<number, StatusChange> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ ids, status }: StatusChange) => {
      const client = await sdk();
      for (const id of ids) await client.channels.updateStatus(id, status);
      return ids.length;
    },
    ...reportThen(handlers, invalidate),
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

interface TagEdit {
  tag: string;
  params: Omit<ChannelTagEditParams, 'tag'>;
}

/** Edits a tag's channels; the list's inline edits of tag rows pass handlers for the reason useInlineEdit does. */
export function useEditTag(handlers: MutationHandlers<unknown, TagEdit> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ tag, params }: TagEdit) => (await sdk()).channels.tags.update(tag, params),
    ...reportThen(handlers, invalidate),
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

/**
 * The refetch after it walks every channel again for the dialog's preview, which takes a while; the dialog
 * may be closed by then, so it says what was deleted through its handlers.
 */
export function useDeleteDisabled(handlers: MutationHandlers<number, void> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => (await sdk()).channels.deleteDisabled(),
    ...reportThen(handlers, invalidate),
  });
}

export function useFixAbilities() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: async () => (await sdk()).channels.fix(), onSuccess });
}

/** Handlers for the reason useInlineEdit has them: the balances of several rows are asked one after another. */
export function useUpdateBalance(handlers: MutationHandlers<number, number> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await sdk()).channels.updateBalance(id),
    ...reportThen(handlers, invalidate),
  });
}

/** Asks every upstream, which can take minutes: the admin may have left the list before it is done. */
export function useUpdateAllBalances(handlers: MutationHandlers<void, void> = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => (await sdk()).channels.updateAllBalances(),
    ...reportThen(handlers, invalidate),
  });
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
