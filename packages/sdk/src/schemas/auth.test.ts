import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  EmailBindParamsSchema,
  LoginParamsSchema,
  PasswordResetParamsSchema,
  RegisterParamsSchema,
  registerParamsSchema,
} from './auth.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('LoginParamsSchema', () => {
  it('accepts a username (or email) and password, trimming the name', () => {
    expect(LoginParamsSchema.parse({ username: ' root ', password: '123456' })).toEqual({
      username: 'root',
      password: '123456',
    });
  });

  it('requires both with "please enter username and password"', () => {
    const result = LoginParamsSchema.safeParse({ username: '', password: 'x' });
    expect(result.error?.issues[0]?.message).toBe('auth.credentialsRequired');
    expect(formatZodError(result.error!, 'en')).toBe('please enter username and password');
    expect(formatZodError(result.error!, 'zh')).toBe('请输入用户名和密码！');
    expect(firstMessage(LoginParamsSchema, { username: 'root' })).toBe('auth.credentialsRequired');
  });
});

describe('RegisterParamsSchema', () => {
  const valid = { username: 'alice', password: 'secret123', password2: 'secret123' };

  it('accepts username, matching passwords and optional email, code and invite code', () => {
    expect(RegisterParamsSchema.parse({ ...valid, aff_code: 'AbCd', email: '' })).toEqual({
      ...valid,
      aff_code: 'AbCd',
      email: undefined,
      verification_code: undefined,
    });
  });

  it('limits the username to 12 characters', () => {
    expect(RegisterParamsSchema.safeParse({ ...valid, username: 'a'.repeat(12) }).success).toBe(true);
    expect(firstMessage(RegisterParamsSchema, { ...valid, username: 'a'.repeat(13) })).toBe(
      'user.usernameTooLong',
    );
  });

  it('keeps passwords between 8 and 20 characters', () => {
    const short = RegisterParamsSchema.safeParse({ ...valid, password: 'short12', password2: 'short12' });
    expect(short.error?.issues[0]?.message).toBe('user.passwordTooShort');
    expect(formatZodError(short.error!, 'en')).toBe('password length must not be less than 8');
    const long = 'p'.repeat(21);
    expect(firstMessage(RegisterParamsSchema, { ...valid, password: long, password2: long })).toBe(
      'user.passwordTooLong',
    );
  });

  it('rejects different passwords with "two passwords differ"', () => {
    const result = RegisterParamsSchema.safeParse({ ...valid, password2: 'secret124' });
    expect(result.error?.issues[0]).toMatchObject({ message: 'user.passwordsDiffer', path: ['password2'] });
    expect(formatZodError(result.error!, 'zh')).toBe('两次输入的密码不一致！');
  });

  it('requires username and password', () => {
    expect(firstMessage(RegisterParamsSchema, { password: 'secret123' })).toBe('auth.credentialsRequired');
  });

  it('rejects a malformed email', () => {
    expect(firstMessage(RegisterParamsSchema, { ...valid, email: 'not-an-email' })).toBe(
      'common.invalidEmail',
    );
  });

  it('requires email and code when email verification is on', () => {
    const schema = registerParamsSchema({ emailVerification: true });
    expect(firstMessage(schema, valid)).toBe('auth.emailRequired');
    expect(firstMessage(schema, { ...valid, email: 'a@b.co' })).toBe('auth.verificationCodeRequired');
    expect(schema.parse({ ...valid, email: 'a@b.co', verification_code: '123abc' })).toMatchObject({
      email: 'a@b.co',
      verification_code: '123abc',
    });
  });
});

describe('EmailBindParamsSchema', () => {
  it('accepts an email and a code', () => {
    expect(EmailBindParamsSchema.parse({ email: ' a@b.co ', code: 'x1y2z3' })).toEqual({
      email: 'a@b.co',
      code: 'x1y2z3',
    });
  });

  it('requires both', () => {
    expect(firstMessage(EmailBindParamsSchema, { email: '', code: '1' })).toBe('user.emailAndCodeRequired');
    expect(firstMessage(EmailBindParamsSchema, { email: 'a@b.co', code: '' })).toBe(
      'user.emailAndCodeRequired',
    );
  });
});

describe('PasswordResetParamsSchema', () => {
  it('takes the email and token of a reset link', () => {
    expect(PasswordResetParamsSchema.parse({ email: 'a@b.co', token: 'f'.repeat(32) }).token).toHaveLength(
      32,
    );
    expect(firstMessage(PasswordResetParamsSchema, { email: 'a@b.co', token: '' })).toBe(
      'auth.resetLinkInvalid',
    );
  });
});
