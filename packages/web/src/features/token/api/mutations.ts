import { batchTokenNames, type TokenCreateParams, type TokenUpdateParams } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { tokenKeys } from './keys';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokenKeys.all });
}

/** Creates one token, or `count` of them: the extra ones get the name plus a dash and 6 random characters. */
export function useCreateTokens() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ params, count }: { params: TokenCreateParams; count: number }) => {
      const client = await sdk();
      for (const name of batchTokenNames(params.name, count)) await client.tokens.create({ ...params, name });
    },
    onSuccess,
    meta: { silent: true },
  });
}

export function useUpdateToken() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, params }: { id: number; params: Omit<TokenUpdateParams, 'id'> }) =>
      (await sdk()).tokens.update(id, params),
    onSuccess,
    meta: { silent: true },
  });
}

export function useTokenStatus() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 1 | 2 }) =>
      (await sdk()).tokens.updateStatus(id, status),
    onSuccess,
  });
}

export function useDeleteTokens() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const client = await sdk();
      for (const id of ids) await client.tokens.delete(id);
    },
    onSuccess,
  });
}

export function useRevealKey() {
  return useMutation({ mutationFn: async (id: number) => (await sdk()).tokens.revealKey(id) });
}
