import { defineRoutes } from '../core/route.js';
import {
  EmailParamsSchema,
  LoginParamsSchema,
  PasswordResetParamsSchema,
  RegisterParamsSchema,
  TurnstileParamsSchema,
} from '../schemas/auth.js';
import { ListParamsSchema } from '../schemas/common.js';
import { StringSchema } from '../schemas/responses.js';
import {
  UserCreateParamsSchema,
  UserManageParamsSchema,
  UserSearchParamsSchema,
  UserUpdateParamsSchema,
} from '../schemas/user-params.js';
import { SessionUserSchema, UserGroupsSchema, UserManageResultSchema, UserSchema } from '../schemas/user.js';
import { LIST_PAGING } from './list-paging.js';

/** The mail calls' query: the address plus the Turnstile token. */
const EmailTurnstileParamsSchema = EmailParamsSchema.extend(TurnstileParamsSchema.shape);

/** Routes of `client.users`. */
export const USER_ROUTES = defineRoutes({
  register: {
    method: 'POST',
    path: '/api/user/register',
    summary: 'Register an account',
    auth: 'none',
    body: RegisterParamsSchema,
    params: TurnstileParamsSchema,
    response: null,
  },
  login: {
    method: 'POST',
    path: '/api/user/login',
    summary: 'Log in; the session cookie is kept',
    auth: 'none',
    body: LoginParamsSchema,
    params: TurnstileParamsSchema,
    response: SessionUserSchema,
  },
  logout: {
    method: 'GET',
    path: '/api/user/logout',
    summary: 'Log out and clear the session',
    auth: 'none',
    response: null,
  },
  sendVerification: {
    method: 'GET',
    path: '/api/verification',
    summary: 'Mail an email verification code',
    auth: 'none',
    params: EmailTurnstileParamsSchema,
    response: null,
  },
  sendPasswordReset: {
    method: 'GET',
    path: '/api/reset_password',
    summary: 'Mail a password reset link',
    auth: 'none',
    params: EmailTurnstileParamsSchema,
    response: null,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/user/reset',
    summary: 'Confirm a reset; returns the new password',
    auth: 'none',
    body: PasswordResetParamsSchema,
    response: StringSchema,
  },
  groups: {
    method: 'GET',
    path: '/api/user/groups',
    summary: 'Usable groups with ratio and description, without login',
    auth: 'none',
    response: UserGroupsSchema,
  },
  list: {
    method: 'GET',
    path: '/api/user/',
    summary: 'List users',
    auth: 'admin',
    paged: LIST_PAGING.users,
    params: ListParamsSchema,
    response: UserSchema,
  },
  search: {
    method: 'GET',
    path: '/api/user/search',
    summary: 'Search users by keyword and group',
    auth: 'admin',
    paged: LIST_PAGING.userSearch,
    params: UserSearchParamsSchema,
    response: UserSchema,
  },
  get: { method: 'GET', path: '/api/user/:id', summary: 'Get a user', auth: 'admin', response: UserSchema },
  create: {
    method: 'POST',
    path: '/api/user/',
    summary: 'Create a common user',
    auth: 'admin',
    body: UserCreateParamsSchema,
    response: null,
  },
  update: {
    method: 'PUT',
    path: '/api/user/',
    summary: 'Update username, display name, group, quota, password',
    auth: 'admin',
    body: UserUpdateParamsSchema,
    response: null,
  },
  manage: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Promote, demote, enable, disable or soft-delete',
    auth: 'admin',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  promote: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Make a user an admin (action promote)',
    auth: 'root',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  demote: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Make an admin a common user (action demote)',
    auth: 'admin',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  enable: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Re-enable a banned user (action enable)',
    auth: 'admin',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  disable: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Ban a user (action disable)',
    auth: 'admin',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  softDelete: {
    method: 'POST',
    path: '/api/user/manage',
    summary: 'Mark a user deleted (action delete)',
    auth: 'admin',
    body: UserManageParamsSchema,
    response: UserManageResultSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/user/:id',
    summary: 'Delete a user for good (hard delete)',
    auth: 'admin',
    response: null,
  },
});
