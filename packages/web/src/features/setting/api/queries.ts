import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { settingKeys } from './keys';

/** Half the server's 10 minutes: a nonce in the widget always has minutes left for the Telegram popup. */
const BIND_NONCE_REFRESH_MS = 5 * 60_000;

/**
 * A one-time nonce of this login session for the Telegram widget's bind URL, fetched while `enabled` and
 * renewed before it expires (also on coming back to a tab left long enough for it to go stale).
 */
export function useTelegramBindNonce(enabled: boolean) {
  return useQuery({
    queryKey: settingKeys.telegramBindNonce,
    queryFn: async () => (await sdk()).oauth.telegramBindNonce(),
    enabled,
    staleTime: BIND_NONCE_REFRESH_MS,
    refetchInterval: BIND_NONCE_REFRESH_MS,
  });
}

export function useSelf() {
  return useQuery({ queryKey: settingKeys.self, queryFn: async () => (await sdk()).users.self.get() });
}
