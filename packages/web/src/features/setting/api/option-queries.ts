import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { optionValues } from '../options/option-values';
import { settingKeys } from './keys';

/** Every option as the text it is stored as, defaults filled in; secrets are always empty (write-only). */
export function useOptions() {
  return useQuery({
    queryKey: settingKeys.options,
    queryFn: async () => optionValues(await (await sdk()).options.list()),
  });
}

/** The public pricing answer: which models are listed on /pricing and in which groups. */
export function usePricingList() {
  return useQuery({
    queryKey: settingKeys.pricing,
    queryFn: async () => (await sdk()).pricing.get(),
  });
}

/** Models some enabled channel offers (the "unset models" editor lists those without a price or ratio). */
export function useEnabledModels() {
  return useQuery({
    queryKey: settingKeys.enabledModels,
    queryFn: async () => (await sdk()).channels.models.enabled(),
  });
}
