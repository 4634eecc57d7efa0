import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { topupKeys } from './keys';

export function useSelf() {
  return useQuery({ queryKey: topupKeys.self, queryFn: async () => (await sdk()).users.self.get() });
}

export function useAffCode() {
  return useQuery({
    queryKey: topupKeys.affCode,
    queryFn: async () => (await sdk()).users.self.getAffCode(),
    staleTime: Infinity,
  });
}
