import type { HttpClient, RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import type { RouteDescriptor } from '../core/route.js';
import { UserManageAction } from '../constants/roles.js';
import {
  EmailParamsSchema,
  LoginParamsSchema,
  PasswordResetParamsSchema,
  RegisterParamsSchema,
  type EmailParams,
  type LoginParams,
  type PasswordResetParams,
  type RegisterParams,
} from '../schemas/auth.js';
import { IdSchema, ListParamsSchema } from '../schemas/common.js';
import { StringSchema } from '../schemas/responses.js';
import {
  UserCreateParamsSchema,
  UserManageParamsSchema,
  UserSearchParamsSchema,
  UserUpdateParamsSchema,
  type UserCreateParams,
  type UserSearchParams,
  type UserUpdateParams,
} from '../schemas/user-params.js';
import {
  SessionUserSchema,
  UserGroupsSchema,
  UserManageResultSchema,
  UserSchema,
  type SessionUser,
  type User,
  type UserGroups,
  type UserManageResult,
} from '../schemas/user.js';
import { ApiResource } from './resource.js';
import { USER_ROUTES } from './user-routes.js';
import { UserSelfResource } from './user-self.js';

export { USER_ROUTES } from './user-routes.js';

/** Options of the calls guarded by Turnstile (register, login, verification and reset mails). */
export interface TurnstileOptions extends RequestOptions {
  /** The Turnstile widget's token, sent as `?turnstile=` when the site enables the check. */
  turnstile?: string;
}

const R = USER_ROUTES;
const turnstileQuery = (options?: TurnstileOptions) => ({ turnstile: options?.turnstile });

/** Accounts: registration, login and password reset for everyone; user management for admins. */
export class UsersResource extends ApiResource {
  /** The logged-in user's own account: profile, access token, invitations, settings. */
  readonly self: UserSelfResource;

  constructor(http: HttpClient) {
    super(http);
    this.self = new UserSelfResource(http);
  }

  /** Registers an account (`password2`, when given, must match). */
  async register(params: RegisterParams, options?: TurnstileOptions): Promise<void> {
    const body = this.check(RegisterParamsSchema, params);
    await this.send(R.register, { body, query: turnstileQuery(options), options });
  }

  /** Logs in; the client then sends the returned user id as `New-Api-User` and keeps the session cookie. */
  async login(params: LoginParams, options?: TurnstileOptions): Promise<SessionUser> {
    const body = this.check(LoginParamsSchema, params);
    const user = await this.fetch(R.login, SessionUserSchema, {
      body,
      query: turnstileQuery(options),
      options,
    });
    // A tolerant parse may hand back an unexpected shape; only a numeric id is worth remembering.
    if (typeof user?.id === 'number') this.http.setUserId(user.id);
    return user;
  }

  /** Logs out and forgets the session (and the user id, unless an access token is configured). */
  async logout(options?: RequestOptions): Promise<void> {
    await this.send(R.logout, { options });
    this.http.clearSession();
  }

  /** Mails a 6-character verification code to `email` (needed to register when verification is on). */
  async sendVerification(params: EmailParams, options?: TurnstileOptions): Promise<void> {
    const query = { ...this.check(EmailParamsSchema, params), ...turnstileQuery(options) };
    await this.send(R.sendVerification, { query, options });
  }

  /** Mails a password reset link to `email`. */
  async sendPasswordReset(params: EmailParams, options?: TurnstileOptions): Promise<void> {
    const query = { ...this.check(EmailParamsSchema, params), ...turnstileQuery(options) };
    await this.send(R.sendPasswordReset, { query, options });
  }

  /** Confirms a reset link's `email` and `token`; resolves to the new random password. */
  async resetPassword(params: PasswordResetParams, options?: RequestOptions): Promise<string> {
    const body = this.check(PasswordResetParamsSchema, params);
    return this.fetch(R.resetPassword, StringSchema, { body, options });
  }

  /** Maps each group usable without login (UserUsableGroups ∩ GroupRatio) to its ratio and description. */
  async groups(options?: RequestOptions): Promise<UserGroups> {
    return this.fetch(R.groups, UserGroupsSchema, { options });
  }

  /** Lists users, newest first, soft-deleted ones included. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<User> {
    return this.paginate(R.list, UserSchema, ListParamsSchema, params, options);
  }

  /** Searches users: a numeric keyword also matches the id; otherwise username, email or display name. */
  search(params?: UserSearchParams, options?: RequestOptions): PagePromise<User> {
    return this.paginate(R.search, UserSchema, UserSearchParamsSchema, params, options);
  }

  /** Gets a user (refused for users of equal or higher role unless the caller is root). */
  async get(id: number, options?: RequestOptions): Promise<User> {
    return this.fetch(R.get, UserSchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /** Creates a common user. */
  async create(params: UserCreateParams, options?: RequestOptions): Promise<void> {
    await this.send(R.create, { body: this.check(UserCreateParamsSchema, params), options });
  }

  /** Updates a user; new-api writes username, display name, group and quota as sent, so send all four. */
  async update(id: number, params: Omit<UserUpdateParams, 'id'>, options?: RequestOptions): Promise<void> {
    await this.send(R.update, { body: this.check(UserUpdateParamsSchema, { ...params, id }), options });
  }

  /** Applies a manage action; resolves to the user's new role and status. */
  manage(id: number, action: UserManageAction, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.manage, id, action, options);
  }

  /** Makes a user an admin (root only). */
  promote(id: number, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.promote, id, UserManageAction.Promote, options);
  }

  /** Makes an admin a common user again. */
  demote(id: number, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.demote, id, UserManageAction.Demote, options);
  }

  /** Re-enables a banned user. */
  enable(id: number, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.enable, id, UserManageAction.Enable, options);
  }

  /** Bans a user. */
  disable(id: number, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.disable, id, UserManageAction.Disable, options);
  }

  /** Soft-deletes a user, as the console's delete button does (the row stays, marked deleted). */
  softDelete(id: number, options?: RequestOptions): Promise<UserManageResult> {
    return this.#manage(R.softDelete, id, UserManageAction.Delete, options);
  }

  /** Deletes a user for good. */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.send(R.delete, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  async #manage(
    route: RouteDescriptor,
    id: number,
    action: string,
    options?: RequestOptions,
  ): Promise<UserManageResult> {
    const body = this.check(UserManageParamsSchema, { id, action });
    return this.fetch(route, UserManageResultSchema, { body, options });
  }
}
