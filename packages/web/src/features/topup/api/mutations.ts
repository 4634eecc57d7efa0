import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { topupKeys } from './keys';

function useInvalidateSelf() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: topupKeys.self });
}

export function useRedeem() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (key: string) => (await sdk()).wallet.topUp({ key }),
    onSuccess,
    meta: { silent: true },
  });
}

export function useTopUpPrice() {
  return useMutation({
    mutationFn: async ({ amount, code }: { amount: number; code: string }) =>
      (await sdk()).wallet.amount({ amount, top_up_code: code }),
    meta: { silent: true },
  });
}

export function usePay() {
  return useMutation({
    mutationFn: async (params: { amount: number; code: string; method: string }) =>
      (await sdk()).wallet.pay({
        amount: params.amount,
        top_up_code: params.code,
        payment_method: params.method,
      }),
  });
}

export function useAffTransfer() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (quota: number) => (await sdk()).users.self.transferAffQuota({ quota }),
    onSuccess,
  });
}
