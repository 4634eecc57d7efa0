import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { sdk } from '../../lib/sdk';
import { setUser } from '../../lib/session';
import { paths } from '../paths';

/** Logs out on the server, then forgets the stored user and cached data whatever the answer. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await sdk()).users.logout(),
    meta: { silent: true, noAuthRedirect: true },
    onSettled: () => {
      setUser(null);
      queryClient.clear();
      void navigate(paths.login);
    },
  });
}
