import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import {
  AffTransferParamsSchema,
  SelfUpdateParamsSchema,
  UserSettingParamsSchema,
  type AffTransferParams,
  type SelfUpdateParams,
  type UserSettingParams,
} from '../schemas/user-params.js';
import { UserGroupsSchema, UserSchema, type User, type UserGroups } from '../schemas/user.js';
import { NameListSchema, StringSchema } from '../schemas/responses.js';
import { ApiResource } from './resource.js';

/** Routes of `client.users.self`. */
export const USER_SELF_ROUTES = defineRoutes({
  get: {
    method: 'GET',
    path: '/api/user/self',
    summary: 'Get the logged-in user, with quota and access token',
    auth: 'user',
    response: UserSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/user/self',
    summary: 'Change own username, display name or password',
    auth: 'user',
    body: SelfUpdateParamsSchema,
    response: null,
  },
  delete: {
    method: 'DELETE',
    path: '/api/user/self',
    summary: 'Delete own account (root is refused)',
    auth: 'user',
    response: null,
  },
  generateAccessToken: {
    method: 'GET',
    path: '/api/user/token',
    summary: 'Generate a new access token, replacing the old one',
    auth: 'user',
    response: StringSchema,
  },
  getAffCode: {
    method: 'GET',
    path: '/api/user/aff',
    summary: 'Get (or create) the invitation code',
    auth: 'user',
    response: StringSchema,
  },
  transferAffQuota: {
    method: 'POST',
    path: '/api/user/aff_transfer',
    summary: 'Move invitation earnings into the balance',
    auth: 'user',
    body: AffTransferParamsSchema,
    response: null,
  },
  models: {
    method: 'GET',
    path: '/api/user/models',
    summary: 'Models usable in the user’s groups',
    auth: 'user',
    response: NameListSchema,
  },
  groups: {
    method: 'GET',
    path: '/api/user/self/groups',
    summary: 'Usable groups with ratio and description',
    auth: 'user',
    response: UserGroupsSchema,
  },
  updateSetting: {
    method: 'PUT',
    path: '/api/user/setting',
    summary: 'Update quota-warning notification settings',
    auth: 'user',
    body: UserSettingParamsSchema,
    response: null,
  },
});

const R = USER_SELF_ROUTES;

/** The logged-in user's own account (`client.users.self`). */
export class UserSelfResource extends ApiResource {
  /** Gets the logged-in user in full: quota, used quota, group, invitation figures, access token, setting. */
  async get(options?: RequestOptions): Promise<User> {
    return this.fetch(R.get, UserSchema, { options });
  }

  /** Changes own username, display name or password (an empty password keeps the old one). */
  async update(params: SelfUpdateParams, options?: RequestOptions): Promise<void> {
    await this.send(R.update, { body: this.check(SelfUpdateParamsSchema, params), options });
  }

  /** Deletes own account (soft delete). Confirm with the user first: the console asks to type the username. */
  async delete(options?: RequestOptions): Promise<void> {
    await this.send(R.delete, { options });
  }

  /** Generates a new access token for `Authorization`; the previous one stops working. */
  async generateAccessToken(options?: RequestOptions): Promise<string> {
    return this.fetch(R.generateAccessToken, StringSchema, { options });
  }

  /** Gets the invitation code, creating it on first call. */
  async getAffCode(options?: RequestOptions): Promise<string> {
    return this.fetch(R.getAffCode, StringSchema, { options });
  }

  /** Moves `quota` (at least one quota unit) of invitation earnings into the balance. */
  async transferAffQuota(params: AffTransferParams, options?: RequestOptions): Promise<void> {
    await this.send(R.transferAffQuota, { body: this.check(AffTransferParamsSchema, params), options });
  }

  /** Lists the model names the user can call through their usable groups. */
  async models(options?: RequestOptions): Promise<string[]> {
    return (await this.fetch(R.models, NameListSchema, { options })) ?? [];
  }

  /** Maps each usable group to its ratio and description. */
  async groups(options?: RequestOptions): Promise<UserGroups> {
    return this.fetch(R.groups, UserGroupsSchema, { options });
  }

  /** Updates the quota-warning notification settings (a webhook must be https). */
  async updateSetting(params: UserSettingParams, options?: RequestOptions): Promise<void> {
    await this.send(R.updateSetting, { body: this.check(UserSettingParamsSchema, params), options });
  }
}
