import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { detailKeys } from './keys';

/** Own usage rows (per model and hour) in the window; the endpoint is unpaged. */
export function useUsage(start: number, end: number, enabled = true) {
  return useQuery({
    queryKey: detailKeys.usage(start, end),
    queryFn: async () => {
      const page = await (await sdk()).data.listSelf({ start_timestamp: start, end_timestamp: end });
      return page.toArray({ limit: 100_000 });
    },
    enabled,
  });
}
