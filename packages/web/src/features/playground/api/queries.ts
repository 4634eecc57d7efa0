import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { playgroundKeys } from './keys';

export function useModels() {
  return useQuery({
    queryKey: playgroundKeys.models,
    queryFn: async () => (await sdk()).users.self.models(),
    staleTime: 5 * 60_000,
  });
}

export function useGroups() {
  return useQuery({
    queryKey: playgroundKeys.groups,
    queryFn: async () => (await sdk()).users.self.groups(),
    staleTime: 5 * 60_000,
  });
}
