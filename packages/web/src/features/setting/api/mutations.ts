import type { UserSettingParams } from '@switchboard/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { setUser } from '../../../lib/session';
import { settingKeys } from './keys';

function useInvalidateSelf() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingKeys.self });
}

export function useUpdateProfile() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (params: { display_name?: string; password?: string; original_password?: string }) =>
      (await sdk()).users.self.update(params),
    onSuccess,
    meta: { silent: true },
  });
}

export function useUpdateNotifications() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (params: UserSettingParams) => (await sdk()).users.self.updateSetting(params),
    onSuccess,
    meta: { silent: true },
  });
}

export function useGenerateAccessToken() {
  return useMutation({ mutationFn: async () => (await sdk()).users.self.generateAccessToken() });
}

export function useSendEmailCode() {
  return useMutation({
    mutationFn: async (email: string) => (await sdk()).users.sendVerification({ email }),
  });
}

export function useBindEmail() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (params: { email: string; code: string }) => (await sdk()).oauth.emailBind(params),
    onSuccess,
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await sdk()).users.self.delete(),
    onSuccess: () => {
      setUser(null);
      queryClient.clear();
    },
    meta: { silent: true },
  });
}

/** Binds WeChat with the code its official account sent; the server's refusal is shown in the dialog. */
export function useBindWeChat() {
  const onSuccess = useInvalidateSelf();
  return useMutation({
    mutationFn: async (code: string) => (await sdk()).oauth.wechatBind(code),
    onSuccess,
    meta: { silent: true },
  });
}

/** A state for binding GitHub or Linux DO: the callback sees the session and answers "bind". */
export function useBindState() {
  return useMutation({ mutationFn: async () => (await sdk()).oauth.state() });
}
