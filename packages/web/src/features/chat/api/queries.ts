import { TokenStatus } from '@switchboard/sdk';
import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { chatKeys } from './keys';

/** The full key of the user's first enabled token (chat pages read p=0, size=100), or null when none. */
export function useEnabledKey() {
  return useQuery({
    queryKey: chatKeys.enabledKey,
    queryFn: async () => {
      const client = await sdk();
      const page = await client.tokens.list({ page: 1, pageSize: 100 });
      const token = page.items.find((t) => t.status === TokenStatus.Enabled);
      if (!token) return null;
      const key = await client.tokens.revealKey(token.id);
      return key.startsWith('sk-') ? key : `sk-${key}`;
    },
    staleTime: 60_000,
  });
}
