import { isRedirect, type RequestOptions } from '../core/http.js';
import { isRecord, unwrapEnvelope } from '../core/envelope.js';
import { defineRoutes, type RouteDescriptor } from '../core/route.js';
import {
  EmailBindParamsSchema,
  OAuthCallbackParamsSchema,
  OAuthStateParamsSchema,
  TelegramAuthParamsSchema,
  TurnstileParamsSchema,
  WeChatCodeParamsSchema,
  type EmailBindParams,
  type OAuthCallbackParams,
} from '../schemas/auth.js';
import { SessionUserSchema, type SessionUser } from '../schemas/user.js';
import { OAuthLoginResponseSchema, StringSchema } from '../schemas/responses.js';
import { ApiResource } from './resource.js';
import type { TurnstileOptions } from './users.js';

/** The Telegram login widget's callback fields, passed through as the query. */
export interface TelegramAuthParams {
  id: number | string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number | string;
  /** HMAC of the other fields, checked by the server with the bot token. */
  hash: string;
  /** Console language, forwarded as the console does. */
  lang?: string;
}

/**
 * What an OAuth callback did: logged in (or registered) a user, or, when a session already
 * existed, bound the provider account to it (`message: "bind"` from new-api).
 */
export type OAuthResult = { action: 'login'; user: SessionUser } | { action: 'bind' };

/** Routes of `client.oauth`. */
export const OAUTH_ROUTES = defineRoutes({
  state: {
    method: 'GET',
    path: '/api/oauth/state',
    summary: 'Create an OAuth state (stores aff in the session; Turnstile-guarded)',
    auth: 'none',
    critical: true,
    turnstile: true,
    params: OAuthStateParamsSchema.extend(TurnstileParamsSchema.shape),
    response: StringSchema,
  },
  github: {
    method: 'GET',
    path: '/api/oauth/github',
    summary: 'GitHub callback: log in, register or bind',
    auth: 'none',
    critical: true,
    envelope: 'top-level',
    params: OAuthCallbackParamsSchema,
    response: OAuthLoginResponseSchema,
  },
  linuxdo: {
    method: 'GET',
    path: '/api/oauth/linuxdo',
    summary: 'Linux DO callback: log in, register or bind',
    auth: 'none',
    critical: true,
    envelope: 'top-level',
    params: OAuthCallbackParamsSchema,
    response: OAuthLoginResponseSchema,
  },
  wechat: {
    method: 'GET',
    path: '/api/oauth/wechat',
    summary: 'Log in with a WeChat verification code',
    auth: 'none',
    critical: true,
    envelope: 'top-level',
    params: WeChatCodeParamsSchema,
    response: OAuthLoginResponseSchema,
  },
  wechatBind: {
    method: 'GET',
    path: '/api/oauth/wechat/bind',
    summary: 'Bind WeChat with a verification code',
    auth: 'user',
    critical: true,
    params: WeChatCodeParamsSchema,
    response: null,
  },
  emailBind: {
    method: 'GET',
    path: '/api/oauth/email/bind',
    summary: 'Bind an email with its verification code',
    auth: 'user',
    critical: true,
    params: EmailBindParamsSchema,
    response: null,
  },
  telegramLogin: {
    method: 'GET',
    path: '/api/oauth/telegram/login',
    summary: 'Log in with the Telegram widget data',
    auth: 'none',
    critical: true,
    envelope: 'top-level',
    params: TelegramAuthParamsSchema,
    response: OAuthLoginResponseSchema,
  },
  telegramBindNonce: {
    method: 'GET',
    path: '/api/oauth/telegram/bind_nonce',
    summary: "A one-time nonce of this login session for the Telegram widget's bind URL (10 minutes)",
    auth: 'user',
    response: StringSchema,
  },
  telegramBind: {
    method: 'GET',
    path: '/api/oauth/telegram/bind',
    summary: 'Bind Telegram (answers a redirect to /setting)',
    auth: 'user',
    critical: true,
    params: TelegramAuthParamsSchema,
    response: null,
  },
});

const R = OAUTH_ROUTES;
const CodeSchema = WeChatCodeParamsSchema.shape.code;

/** Third-party login and account binding (GitHub, Linux DO, WeChat, Telegram, email). */
export class OAuthResource extends ApiResource {
  /**
   * Creates the 12-character state to put in the provider's authorize URL; `aff` records an invitation code.
   * Guarded by Turnstile like login: pass the widget's token unless this browser already passed.
   */
  async state(params: { aff?: string } = {}, options?: TurnstileOptions): Promise<string> {
    const query = { aff: params.aff || undefined, turnstile: options?.turnstile };
    return this.fetch(R.state, StringSchema, { query, options });
  }

  /** Completes a GitHub login; a state mismatch is a `PermissionDeniedError` (403). */
  github(params: OAuthCallbackParams, options?: RequestOptions): Promise<OAuthResult> {
    return this.#callback(R.github, this.check(OAuthCallbackParamsSchema, params), options);
  }

  /** Completes a Linux DO login. */
  linuxdo(params: OAuthCallbackParams, options?: RequestOptions): Promise<OAuthResult> {
    return this.#callback(R.linuxdo, this.check(OAuthCallbackParamsSchema, params), options);
  }

  /** Logs in with the code the WeChat official account sent (valid 3 minutes). */
  wechat(code: string, options?: RequestOptions): Promise<OAuthResult> {
    return this.#callback(R.wechat, { code: this.check(CodeSchema, code) }, options);
  }

  /** Binds WeChat to the logged-in account. */
  async wechatBind(code: string, options?: RequestOptions): Promise<void> {
    await this.send(R.wechatBind, { query: { code: this.check(CodeSchema, code) }, options });
  }

  /** Binds an email address to the logged-in account with the code mailed by `users.sendVerification`. */
  async emailBind(params: EmailBindParams, options?: RequestOptions): Promise<void> {
    await this.send(R.emailBind, { query: this.check(EmailBindParamsSchema, params), options });
  }

  /** Logs in with the Telegram login widget's data. */
  telegramLogin(params: TelegramAuthParams, options?: RequestOptions): Promise<OAuthResult> {
    return this.#callback(R.telegramLogin, { ...params }, options);
  }

  /**
   * A one-time nonce of the login session (not an access token), good for 10 minutes, replacing the last: put
   * it in the Telegram widget's auth URL as `bind_nonce`. The widget's redirect comes from telegram.org, which
   * the SameSite=Strict session cookie does not follow; the nonce names the session instead.
   */
  telegramBindNonce(options?: RequestOptions): Promise<string> {
    return this.fetch(R.telegramBindNonce, StringSchema, { options });
  }

  /** Binds Telegram to the logged-in account: by the session cookie, or by a `bind_nonce` from `telegramBindNonce`. */
  async telegramBind(
    params: TelegramAuthParams & { bind_nonce?: string },
    options?: RequestOptions,
  ): Promise<void> {
    // Bound: a 302 to /setting (for the widget's page navigation), taken as success rather than followed.
    const { response, body } = await this.http.send(R.telegramBind, {
      query: { ...params },
      options,
      redirect: 'manual',
    });
    if (!isRedirect(response)) unwrapEnvelope('standard', body, response.headers);
  }

  async #callback(
    route: RouteDescriptor,
    query: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<OAuthResult> {
    const body = await this.http.call(route, { query, options });
    if (isRecord(body) && body['message'] === 'bind') return { action: 'bind' };
    const user = this.parse(SessionUserSchema, isRecord(body) ? body['data'] : undefined);
    if (typeof user?.id === 'number') this.http.setUserId(user.id);
    return { action: 'login', user };
  }
}
