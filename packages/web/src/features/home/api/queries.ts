import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { homeKeys } from './keys';

export function useHomeContent() {
  return useQuery({
    queryKey: homeKeys.content,
    queryFn: async () => (await sdk()).status.homePageContent(),
    staleTime: 60_000,
  });
}

export function useAbout() {
  return useQuery({
    queryKey: homeKeys.about,
    queryFn: async () => (await sdk()).status.about(),
    staleTime: 60_000,
  });
}
