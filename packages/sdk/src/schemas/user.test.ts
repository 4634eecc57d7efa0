import { describe, expect, it } from 'vitest';
import {
  parseUserSetting,
  SessionUserSchema,
  UserGroupsSchema,
  UserManageResultSchema,
  UserSchema,
} from './user.js';

/** `GET /api/user/self` of new-api 0.4.8 (password blanked, access token set). */
const selfRow = {
  id: 1,
  username: 'root',
  password: '',
  display_name: 'Root User',
  role: 100,
  status: 1,
  email: 'root@example.com',
  github_id: '',
  wechat_id: '',
  telegram_id: '',
  verification_code: '',
  access_token: 'b2f0c0a5e9d84c7f8d3c1a7e6b5d4c3f',
  quota: 499950000,
  used_quota: 50000,
  request_count: 12,
  group: 'default',
  aff_code: 'AbCd',
  aff_count: 2,
  aff_quota: 0,
  aff_history_quota: 0,
  inviter_id: 0,
  DeletedAt: null,
  linux_do_id: '',
  setting:
    '{"notify_type":"webhook","quota_warning_threshold":100000,"webhook_url":"https://hooks.example.com/x"}',
};

describe('UserSchema', () => {
  it('parses a full new-api user row, strictly', () => {
    const user = UserSchema.strict().parse(selfRow);
    expect(user).toMatchObject({ id: 1, role: 100, quota: 499950000, DeletedAt: null, aff_code: 'AbCd' });
    expect(user.access_token).toBe('b2f0c0a5e9d84c7f8d3c1a7e6b5d4c3f');
  });

  it('parses the partial login answer, filling the zero values', () => {
    const login = { id: 7, username: 'alice', display_name: 'Alice', role: 1, status: 1, group: 'vip' };
    const user = UserSchema.parse(login);
    expect(user).toMatchObject({
      ...login,
      quota: 0,
      email: '',
      access_token: null,
      DeletedAt: null,
      setting: '',
    });
    expect(SessionUserSchema.strict().parse(login)).toEqual(login);
  });

  it('tolerates unknown fields and null pointers', () => {
    const user = UserSchema.parse({ id: 3, oidc_id: 'x', access_token: null, group: null });
    expect(user.group).toBe('default');
    expect('oidc_id' in user).toBe(false);
    expect(UserSchema.strict().safeParse({ id: 3, oidc_id: 'x' }).success).toBe(false);
  });

  it('keeps the deletion time of a soft-deleted user', () => {
    expect(UserSchema.parse({ ...selfRow, DeletedAt: '2025-03-01T10:00:00Z' }).DeletedAt).toBe(
      '2025-03-01T10:00:00Z',
    );
  });

  it('rejects a row without an id', () => {
    expect(UserSchema.safeParse({ username: 'x' }).success).toBe(false);
  });
});

describe('parseUserSetting', () => {
  it('reads the setting JSON text', () => {
    expect(parseUserSetting(selfRow.setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://hooks.example.com/x',
    });
  });

  it('gives {} for empty or broken text and drops wrongly typed fields', () => {
    expect(parseUserSetting('')).toEqual({});
    expect(parseUserSetting('{oops')).toEqual({});
    expect(parseUserSetting('{"notify_type":"sms","notification_email":"a@b.co"}')).toEqual({
      notification_email: 'a@b.co',
    });
  });
});

describe('UserGroupsSchema and UserManageResultSchema', () => {
  it('parses the usable groups map', () => {
    expect(UserGroupsSchema.parse({ default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 0.8 } })).toEqual({
      default: { ratio: 1, desc: '默认分组' },
      vip: { ratio: 0.8, desc: '' },
    });
  });

  it('reads role and status from a manage answer', () => {
    expect(UserManageResultSchema.parse({ ...selfRow, role: 10, status: 2 })).toEqual({
      role: 10,
      status: 2,
    });
  });
});
