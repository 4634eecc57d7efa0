import type { LoginParams, RegisterParams, TelegramAuthParams } from '@switchboard/sdk';
import { useMutation } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { setUser } from '../../../lib/session';

// Auth forms show their own errors; a 401 from a wrong password is not an expired session.
const meta = { noAuthRedirect: true };

export function useLogin() {
  return useMutation({
    mutationFn: async ({ params, turnstile }: { params: LoginParams; turnstile?: string }) =>
      (await sdk()).users.login(params, turnstile ? { turnstile } : {}),
    onSuccess: (user) => setUser(user),
    meta,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async ({ params, turnstile }: { params: RegisterParams; turnstile?: string }) =>
      (await sdk()).users.register(params, turnstile ? { turnstile } : {}),
    meta,
  });
}

export function useSendVerification() {
  return useMutation({
    mutationFn: async ({ email, turnstile }: { email: string; turnstile?: string }) =>
      (await sdk()).users.sendVerification({ email }, turnstile ? { turnstile } : {}),
    meta,
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: async ({ email, turnstile }: { email: string; turnstile?: string }) =>
      (await sdk()).users.sendPasswordReset({ email }, turnstile ? { turnstile } : {}),
    meta,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (params: { email: string; token: string }) => (await sdk()).users.resetPassword(params),
    meta,
  });
}

/** The state for a provider's authorize URL; with Turnstile on the server refuses it without the token. */
export function useOAuthState() {
  return useMutation({
    mutationFn: async ({ aff, turnstile }: { aff?: string; turnstile?: string }) =>
      (await sdk()).oauth.state(aff ? { aff } : {}, turnstile ? { turnstile } : {}),
    meta,
  });
}

/** Logs in (or registers) with the code the WeChat official account sent. */
export function useWeChatLogin() {
  return useMutation({
    mutationFn: async (code: string) => (await sdk()).oauth.wechat(code),
    onSuccess: (result) => {
      if (result.action === 'login') setUser(result.user);
    },
    meta: { ...meta, silent: true },
  });
}

/** Logs in with the data the Telegram login widget signed. */
export function useTelegramLogin() {
  return useMutation({
    mutationFn: async (params: TelegramAuthParams) => (await sdk()).oauth.telegramLogin(params),
    onSuccess: (result) => {
      if (result.action === 'login') setUser(result.user);
    },
    meta: { ...meta, silent: true },
  });
}

export function useOAuthCallback() {
  return useMutation({
    mutationFn: async ({
      provider,
      code,
      state,
    }: {
      provider: 'github' | 'linuxdo';
      code: string;
      state: string;
    }) =>
      provider === 'github'
        ? (await sdk()).oauth.github({ code, state })
        : (await sdk()).oauth.linuxdo({ code, state }),
    onSuccess: (result) => {
      if (result.action === 'login') setUser(result.user);
    },
    meta: { ...meta, silent: true },
  });
}
