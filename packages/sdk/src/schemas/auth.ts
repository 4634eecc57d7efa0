import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../constants/limits.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import { plainText } from './plain-text.js';

/** Maximum display-name length (new-api validates max=20). */
export const DISPLAY_NAME_MAX_LENGTH = 20;

/** A username: trimmed, 1 to 12 characters, no control characters; `requiredKey` is reported when it is empty. */
export function usernameField(requiredKey: MessageKey = 'user.usernameRequired') {
  return plainText(
    z.string(requiredKey).trim().min(1, requiredKey).max(USERNAME_MAX, msg('user.usernameTooLong')),
  );
}

/** A new password: 8 to 20 characters; `requiredKey` is reported when it is empty. */
export function passwordField(requiredKey: MessageKey = 'user.passwordTooShort') {
  return z
    .string(requiredKey)
    .min(1, requiredKey)
    .min(PASSWORD_MIN, msg('user.passwordTooShort'))
    .max(PASSWORD_MAX, msg('user.passwordTooLong'));
}

/** An optional new password where empty means "unchanged": outputs undefined for empty text. */
export const OptionalPasswordSchema = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN, msg('user.passwordTooShort'))
      .max(PASSWORD_MAX, msg('user.passwordTooLong'))
      .optional(),
  );

/** An email address, trimmed. */
export const EmailSchema = z
  .string(msg('common.invalidEmail'))
  .trim()
  .pipe(z.email(msg('common.invalidEmail')));

/** `POST /api/user/login`: username (or email) and password, both required. */
export const LoginParamsSchema = z.object({
  /** Username or email address. */
  username: z.string(msg('auth.credentialsRequired')).trim().min(1, msg('auth.credentialsRequired')),
  password: z.string(msg('auth.credentialsRequired')).min(1, msg('auth.credentialsRequired')),
});
/** Login parameters. */
export type LoginParams = z.input<typeof LoginParamsSchema>;

// The 0.4.8 console sends `aff_code: null` without an invitation: null and empty text mean "not given".
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value === '' || value === null ? undefined : value));

const registerShape = {
  /** At most 12 characters. */
  username: usernameField(msg('auth.credentialsRequired')),
  /** 8 to 20 characters. */
  password: passwordField(msg('auth.credentialsRequired')),
  /** The repeated password; when given it must equal `password`. */
  password2: z
    .string()
    .nullish()
    .transform((value) => value ?? undefined),
  /** Needed when email verification is on. */
  email: optionalText.pipe(EmailSchema.optional()),
  /** The code mailed by `GET /api/verification`; needed when email verification is on. */
  verification_code: optionalText,
  /** Invitation code of the inviting user. */
  aff_code: optionalText,
};

/**
 * `POST /api/user/register` rules. With `emailVerification` on, email and verification code are
 * required too (the `email_verification` flag of the status object).
 */
export function registerParamsSchema(options: { emailVerification?: boolean } = {}) {
  return z.object(registerShape).superRefine((params, ctx) => {
    if (params.password2 !== undefined && params.password2 !== params.password) {
      ctx.addIssue({ code: 'custom', message: msg('user.passwordsDiffer'), path: ['password2'] });
    }
    if (options.emailVerification) {
      if (!params.email)
        ctx.addIssue({ code: 'custom', message: msg('auth.emailRequired'), path: ['email'] });
      if (!params.verification_code) {
        ctx.addIssue({
          code: 'custom',
          message: msg('auth.verificationCodeRequired'),
          path: ['verification_code'],
        });
      }
    }
  });
}

/** Registration parameters with email verification off. */
export const RegisterParamsSchema = registerParamsSchema();
/** Registration parameters. */
export type RegisterParams = z.input<typeof RegisterParamsSchema>;

/** `GET /api/verification` and `GET /api/reset_password`: the address to mail. */
export const EmailParamsSchema = z.object({ email: EmailSchema });
/** An email address to send a code or reset link to. */
export type EmailParams = z.input<typeof EmailParamsSchema>;

/** `POST /api/user/reset`: the email and token from the reset link. */
export const PasswordResetParamsSchema = z.object({
  email: EmailSchema,
  token: z.string(msg('auth.resetLinkInvalid')).trim().min(1, msg('auth.resetLinkInvalid')),
});
/** Password reset confirmation parameters. */
export type PasswordResetParams = z.input<typeof PasswordResetParamsSchema>;

/** `GET /api/oauth/email/bind`: email and code, both required. */
export const EmailBindParamsSchema = z.object({
  email: z
    .string(msg('user.emailAndCodeRequired'))
    .trim()
    .min(1, msg('user.emailAndCodeRequired'))
    .pipe(z.email(msg('common.invalidEmail'))),
  code: z.string(msg('user.emailAndCodeRequired')).trim().min(1, msg('user.emailAndCodeRequired')),
});
/** Email binding parameters. */
export type EmailBindParams = z.input<typeof EmailBindParamsSchema>;

/** `GET /api/oauth/{github,linuxdo}`: the provider's callback query. */
export const OAuthCallbackParamsSchema = z.object({
  code: z.string(msg('auth.oauthStateInvalid')).min(1, msg('auth.oauthStateInvalid')),
  state: z.string(msg('auth.oauthStateInvalid')).min(1, msg('auth.oauthStateInvalid')),
});
/** OAuth callback parameters. */
export type OAuthCallbackParams = z.input<typeof OAuthCallbackParamsSchema>;

/** `GET /api/oauth/wechat` and `/api/oauth/wechat/bind`: the code the WeChat official account sent. */
export const WeChatCodeParamsSchema = z.object({ code: z.string().trim().min(1) });

/** `GET /api/oauth/state`: an invitation code to remember in the session. */
export const OAuthStateParamsSchema = z.object({ aff: z.string().optional() });

/**
 * `GET /api/oauth/telegram/{login,bind}`: the Telegram login widget's callback fields, passed through
 * as the query (documents the call; the server checks `hash` with the bot token).
 */
export const TelegramAuthParamsSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  auth_date: z.union([z.number(), z.string()]),
  /** HMAC of the other fields. */
  hash: z.string(),
  /** Console language, forwarded as the console does. */
  lang: z.string().optional(),
});

/** `?turnstile=`: the Turnstile widget's token on register, login and mail calls when the site enables it. */
export const TurnstileParamsSchema = z.object({ turnstile: z.string().optional() });
