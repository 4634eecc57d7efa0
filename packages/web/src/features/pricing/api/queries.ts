import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { pricingKeys } from './keys';

export function usePricing() {
  return useQuery({
    queryKey: pricingKeys.all,
    queryFn: async () => (await sdk()).pricing.get(),
    staleTime: 60_000,
  });
}
