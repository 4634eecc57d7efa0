import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  accountDeletionConfirmed,
  accountDeletionSchema,
  AffTransferParamsSchema,
  affTransferParamsSchema,
  PasswordChangeParamsSchema,
  SelfUpdateParamsSchema,
  UserCreateParamsSchema,
  UserManageParamsSchema,
  UserSearchParamsSchema,
  UserSettingParamsSchema,
  UserUpdateParamsSchema,
} from './user-params.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('UserCreateParamsSchema', () => {
  it('accepts username and password with an optional display name and role', () => {
    expect(
      UserCreateParamsSchema.parse({ username: 'bob', password: 'password1', display_name: 'Bob', role: 1 }),
    ).toEqual({
      username: 'bob',
      password: 'password1',
      display_name: 'Bob',
      role: 1,
    });
  });

  it('requires both with "username and password must not be empty"', () => {
    const result = UserCreateParamsSchema.safeParse({ username: 'bob', password: '' });
    expect(result.error?.issues[0]?.message).toBe('user.credentialsRequired');
    expect(formatZodError(result.error!, 'en')).toBe('username and password must not be empty');
    expect(firstMessage(UserCreateParamsSchema, { password: 'password1' })).toBe('user.credentialsRequired');
  });

  it('rejects unknown roles and long display names', () => {
    expect(firstMessage(UserCreateParamsSchema, { username: 'bob', password: 'password1', role: 5 })).toBe(
      'user.invalidRole',
    );
    expect(
      firstMessage(UserCreateParamsSchema, {
        username: 'bob',
        password: 'password1',
        display_name: 'x'.repeat(21),
      }),
    ).toBe('user.displayNameTooLong');
  });
});

describe('UserUpdateParamsSchema', () => {
  it('accepts the edit form and reads the quota from text', () => {
    expect(
      UserUpdateParamsSchema.parse({
        id: '5',
        username: 'bob',
        display_name: 'B',
        group: 'vip',
        quota: '1000',
        password: '',
      }),
    ).toEqual({ id: 5, username: 'bob', display_name: 'B', group: 'vip', quota: 1000, password: undefined });
  });

  it('treats an empty password as unchanged but checks a new one', () => {
    expect(UserUpdateParamsSchema.parse({ id: 5, password: '' }).password).toBeUndefined();
    expect(firstMessage(UserUpdateParamsSchema, { id: 5, password: 'short' })).toBe('user.passwordTooShort');
  });

  it('requires a quota from 0 to MAX_SAFE_INTEGER and an id', () => {
    for (const quota of [-1, '-5', 1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 1, '9223372036854775807'])
      expect(firstMessage(UserUpdateParamsSchema, { id: 5, quota }), String(quota)).toBe(
        'common.quotaInvalid',
      );
    expect(UserUpdateParamsSchema.parse({ id: 5, quota: Number.MAX_SAFE_INTEGER }).quota).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(UserUpdateParamsSchema.parse({ id: 5, quota: '0' }).quota).toBe(0);
    expect(firstMessage(UserUpdateParamsSchema, { id: 5, quota: 1.5 })).toBe('common.quotaInvalid');
    expect(firstMessage(UserUpdateParamsSchema, { id: 5, quota: 'lots' })).toBe('common.quotaInvalid');
    expect(firstMessage(UserUpdateParamsSchema, { username: 'bob' })).toBe('common.invalidId');
  });
});

describe('SelfUpdateParamsSchema and PasswordChangeParamsSchema', () => {
  it('changes own names, or the password', () => {
    expect(SelfUpdateParamsSchema.parse({ display_name: 'Me', password: '' })).toEqual({
      display_name: 'Me',
      password: undefined,
    });
    expect(firstMessage(SelfUpdateParamsSchema, { username: 'x'.repeat(13) })).toBe('user.usernameTooLong');
  });

  it('needs the confirmation to match: "two passwords differ"', () => {
    expect(
      PasswordChangeParamsSchema.parse({ password: 'newpass123', password2: 'newpass123' }).password,
    ).toBe('newpass123');
    const result = PasswordChangeParamsSchema.safeParse({ password: 'newpass123', password2: 'newpass124' });
    expect(formatZodError(result.error!, 'en')).toBe('two passwords differ');
    expect(firstMessage(PasswordChangeParamsSchema, { password: 'short', password2: 'short' })).toBe(
      'user.passwordTooShort',
    );
  });
});

describe('account deletion', () => {
  it('needs the typed text to equal the own username', () => {
    expect(accountDeletionConfirmed('alice', 'alice')).toBe(true);
    expect(accountDeletionConfirmed('Alice', 'alice')).toBe(false);
    expect(accountDeletionConfirmed('', '')).toBe(false);
    expect(accountDeletionSchema('alice').safeParse({ confirmation: 'alice' }).success).toBe(true);
    expect(firstMessage(accountDeletionSchema('alice'), { confirmation: 'bob' })).toBe(
      'user.deleteConfirmMismatch',
    );
  });
});

describe('AffTransferParamsSchema', () => {
  it('moves at least one quota unit', () => {
    expect(AffTransferParamsSchema.parse({ quota: 500000 })).toEqual({ quota: 500000 });
    const result = AffTransferParamsSchema.safeParse({ quota: 499999 });
    expect(result.error?.issues[0]?.message).toBe('user.affTransferTooSmall');
    expect(formatZodError(result.error!, 'en')).toBe('the amount to transfer must be at least 500000');
  });

  it('follows a custom QuotaPerUnit', () => {
    expect(affTransferParamsSchema(1000).safeParse({ quota: 1000 }).success).toBe(true);
    expect(firstMessage(affTransferParamsSchema(1000), { quota: 999 })).toBe('user.affTransferTooSmall');
  });
});

describe('UserSettingParamsSchema', () => {
  it('accepts email notifications with a threshold', () => {
    expect(
      UserSettingParamsSchema.parse({
        notify_type: 'email',
        quota_warning_threshold: '100000',
        notification_email: '',
      }),
    ).toEqual({ notify_type: 'email', quota_warning_threshold: 100000, notification_email: undefined });
  });

  it('needs a threshold above 0 and a known type', () => {
    expect(firstMessage(UserSettingParamsSchema, { notify_type: 'email', quota_warning_threshold: 0 })).toBe(
      'user.thresholdPositive',
    );
    expect(firstMessage(UserSettingParamsSchema, { notify_type: 'sms', quota_warning_threshold: 1 })).toBe(
      'user.invalidNotifyType',
    );
  });

  it('needs an https webhook URL for webhook notifications', () => {
    const base = { notify_type: 'webhook', quota_warning_threshold: 5 };
    expect(firstMessage(UserSettingParamsSchema, base)).toBe('user.webhookUrlRequired');
    expect(firstMessage(UserSettingParamsSchema, { ...base, webhook_url: 'http://hooks.example.com' })).toBe(
      'user.webhookUrlHttps',
    );
    expect(
      UserSettingParamsSchema.parse({
        ...base,
        webhook_url: 'https://hooks.example.com/a',
        webhook_secret: 's',
      }),
    ).toMatchObject({ webhook_url: 'https://hooks.example.com/a', webhook_secret: 's' });
  });

  it('checks the notification email when given', () => {
    expect(
      firstMessage(UserSettingParamsSchema, {
        notify_type: 'email',
        quota_warning_threshold: 1,
        notification_email: 'x',
      }),
    ).toBe('common.invalidEmail');
  });
});

describe('UserManageParamsSchema and UserSearchParamsSchema', () => {
  it('accepts the five manage actions only', () => {
    for (const action of ['promote', 'demote', 'disable', 'enable', 'delete']) {
      expect(UserManageParamsSchema.parse({ id: 2, action }).action).toBe(action);
    }
    expect(firstMessage(UserManageParamsSchema, { id: 2, action: 'ban' })).toBe('user.invalidAction');
  });

  it('defaults search paging and filters', () => {
    expect(UserSearchParamsSchema.parse({ keyword: ' ali ' })).toEqual({
      keyword: 'ali',
      group: '',
      page: 1,
      pageSize: 10,
    });
  });
});
