import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { logKeys } from './keys';

/** The user behind a log row, for the admin's user-info dialog. */
export function useLogUser(id: number) {
  return useQuery({
    queryKey: logKeys.user(id),
    queryFn: async () => (await sdk()).users.get(id),
    staleTime: 30_000,
  });
}
