import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { settingKeys } from './keys';

export function useSelf() {
  return useQuery({ queryKey: settingKeys.self, queryFn: async () => (await sdk()).users.self.get() });
}
