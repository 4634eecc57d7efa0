import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
const en = { 'accept-language': 'en' };
const register = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/user/register', headers: en, payload });
const userRow = (username: string) =>
  t.ctx.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const [key, value] of Object.entries({
    RegisterEnabled: 'true',
    PasswordRegisterEnabled: 'true',
    EmailVerificationEnabled: 'false',
    QuotaForNewUser: '0',
    QuotaForInviter: '0',
    QuotaForInvitee: '0',
  })) {
    await t.ctx.options.set(key, value);
  }
});

describe('POST /api/user/register', () => {
  it('creates a common user with the new-user quota and an invitation code, then logs in', async () => {
    await t.ctx.options.set('QuotaForNewUser', '1234');
    const res = await register({ username: 'alice', password: 'password123', password2: 'password123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '' });
    const row = await userRow('alice');
    expect(row).toMatchObject({ role: 1, status: 1, quota: 1234, display_name: 'alice', inviter_id: 0 });
    expect(row.aff_code?.length).toBeGreaterThanOrEqual(4);
    expect(row.password).not.toBe('password123');
    await expect(t.login('alice', 'password123')).resolves.toMatchObject({ id: row.id });
  });

  it('rewards inviter and invitee in the same registration', async () => {
    await t.ctx.options.set('QuotaForNewUser', '100');
    await t.ctx.options.set('QuotaForInviter', '500');
    await t.ctx.options.set('QuotaForInvitee', '70');
    await register({ username: 'inviter', password: 'password123' });
    const inviter = await userRow('inviter');
    const res = await register({ username: 'invitee', password: 'password123', aff_code: inviter.aff_code });
    expect(res.json().success).toBe(true);
    expect(await userRow('invitee')).toMatchObject({ inviter_id: inviter.id, quota: 170 });
    expect(await userRow('inviter')).toMatchObject({
      aff_count: 1,
      aff_quota: 500,
      aff_history: 500,
      quota: 100,
    });
  });

  it('ignores an unknown invitation code', async () => {
    const res = await register({ username: 'noinvite', password: 'password123', aff_code: 'zzzzzz' });
    expect(res.json().success).toBe(true);
    expect(await userRow('noinvite')).toMatchObject({ inviter_id: 0, quota: 0 });
  });

  it('refuses a taken username, soft-deleted accounts included (409)', async () => {
    await register({ username: 'gone', password: 'password123' });
    await t.ctx.db.updateTable('users').set({ deleted_at: 1 }).where('username', '=', 'gone').execute();
    const res = await register({ username: 'gone', password: 'password123' });
    expectRefusal(res);
    expect(res.json()).toEqual({ success: false, message: 'the username already exists or was deleted' });
  });

  it('is refused while registration or password registration is off (403)', async () => {
    await t.ctx.options.set('RegisterEnabled', 'false');
    let res = await register({ username: 'closed', password: 'password123' });
    expectRefusal(res);
    expect(res.json().message).toBe('the administrator has disabled registration');
    await t.ctx.options.set('RegisterEnabled', 'true');
    await t.ctx.options.set('PasswordRegisterEnabled', 'false');
    res = await register({ username: 'closed', password: 'password123' });
    expectRefusal(res);
  });

  it('needs an email and its code while email verification is on (flows in email/email.test.ts)', async () => {
    await t.ctx.options.set('EmailVerificationEnabled', 'true');
    const res = await register({ username: 'mailer', password: 'password123', email: 'm@example.com' });
    expect(expectRefusal(res)).toBe(
      'email verification is on: enter your email address and the verification code',
    );
    const coded = {
      username: 'mailer',
      password: 'password123',
      email: 'm@example.com',
      verification_code: 'abc',
    };
    expect(expectRefusal(await register(coded))).toBe('invalid or expired verification code');
  });

  it('validates the input with the spec messages (400)', async () => {
    let res = await register({ username: 'shorty', password: 'short' });
    expectRefusal(res);
    expect(res.json()).toEqual({ success: false, message: 'password length must not be less than 8' });
    res = await register({ username: 'mismatch', password: 'password123', password2: 'password124' });
    expect(res.json().message).toBe('two passwords differ');
    res = await register({ username: 'waytoolongname', password: 'password123' });
    expectRefusal(res);
    res = await register({});
    expect(res.json().message).toBe('please enter username and password');
  });
});
