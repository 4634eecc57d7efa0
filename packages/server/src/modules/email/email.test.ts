import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.js';
import { expectRefusal } from '../../testing/refusal.js';
import { accessTokenCaller, expectTokenRevoked } from '../../testing/access-token.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { CODE_TTL_S, RESEND_INTERVAL_S } from './verification-codes.js';

let t: TestApp;
let sink: SmtpSink;
let now = 1_800_000_000;
const en = { 'accept-language': 'en' };
const get = (url: string, headers: Record<string, string> = en) => t.call({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = en) =>
  t.call({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Asks for a code for `email` and reads it out of the mail that arrives. */
async function mailedCode(email: string): Promise<string> {
  const before = sink.mails.length;
  const res = await get(`/api/verification?${q({ email, turnstile: '' })}`);
  expect(res.json()).toEqual({ success: true, message: '' });
  const mail = (await sink.waitFor(before + 1))[before]!;
  expect(mail.envelopeTo.map((to) => to.toLowerCase())).toEqual([email.toLowerCase()]);
  return /<strong>([0-9a-f]{6})<\/strong>/.exec(mail.html)![1]!;
}

/** Asks for a reset link for `email` and reads `token` out of the mail. */
async function mailedResetToken(email: string): Promise<string> {
  const before = sink.mails.length;
  expect((await get(`/api/reset_password?${q({ email, turnstile: '' })}`)).json().success).toBe(true);
  const mail = (await sink.waitFor(before + 1))[before]!;
  const link = new URL(/href='([^']+)'/.exec(mail.html)![1]!);
  expect(`${link.origin}${link.pathname}`).toBe('https://gw.example/user/reset');
  expect(link.searchParams.get('email')).toBe(email);
  return link.searchParams.get('token')!;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  sink = await startSmtpSink();
  await sink.configure(t.ctx);
  await t.ctx.options.set('ServerAddress', 'https://gw.example/');
  await t.ctx.options.set('SystemName', 'Switchboard');
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  now += 3600; // past every code's expiry and resend window
  for (const [key, value] of Object.entries({
    RegisterEnabled: 'true',
    PasswordRegisterEnabled: 'true',
    EmailVerificationEnabled: 'true',
    EmailDomainRestrictionEnabled: 'false',
    EmailAliasRestrictionEnabled: 'false',
  }))
    await t.ctx.options.set(key, value);
});

describe('registration with email verification', () => {
  it('mails a code and registers with it once; the 0.4.8 console body (aff_code null) is accepted', async () => {
    const email = 'alice@example.com';
    const code = await mailedCode(email);
    const mail = sink.mails.at(-1)!;
    expect(mail.subject).toBe('Switchboard email verification');
    expect(mail.html).toContain('valid for 10 minutes');
    const body = {
      username: 'alice',
      password: 'password123',
      password2: 'password123',
      email,
      aff_code: null,
    };
    expect(expectRefusal(await post('/api/user/register?turnstile=', body))).toBe(
      'email verification is on: enter your email address and the verification code',
    );
    const wrong = { ...body, verification_code: code === '000000' ? '111111' : '000000' };
    expect(expectRefusal(await post('/api/user/register', wrong))).toBe(
      'invalid or expired verification code',
    );
    const done = await post('/api/user/register?turnstile=', { ...body, verification_code: code });
    expect(done.json()).toEqual({ success: true, message: '' });
    await expect(t.login(email, 'password123')).resolves.toMatchObject({ id: expect.any(Number) });
    // Single use: the same code cannot make a second account.
    const again = { ...body, username: 'alice2', verification_code: code };
    expect(expectRefusal(await post('/api/user/register', again))).toBe(
      'invalid or expired verification code',
    );
  });

  it('refuses an expired code and a code of another address', async () => {
    const code = await mailedCode('bob@example.com');
    const body = {
      username: 'bob',
      password: 'password123',
      email: 'bob@example.com',
      verification_code: code,
    };
    const other = await post('/api/user/register', { ...body, email: 'carol@example.com' });
    expect(expectRefusal(other)).toBe('invalid or expired verification code');
    now += CODE_TTL_S;
    expect(expectRefusal(await post('/api/user/register', body))).toBe(
      'invalid or expired verification code',
    );
  });

  it('answers a taken address as a free one, and mails it a notice instead of a code', async () => {
    const before = sink.mails.length;
    const taken = await get(`/api/verification?${q({ email: 'alice@example.com' })}`);
    expect(taken.json()).toEqual({ success: true, message: '' });
    const notice = (await sink.waitFor(before + 1))[before]!;
    expect(notice.envelopeTo).toEqual(['alice@example.com']);
    expect(notice.subject).toBe('Switchboard email verification');
    expect(notice.html).toContain('an account already uses it, so no code was sent');
    expect(notice.html).not.toMatch(/<strong>/);
    // The resend limit answers alike too.
    const again = await get(`/api/verification?${q({ email: 'alice@example.com' })}`);
    expect(expectRefusal(again)).toBe(`sent moments ago, try again in ${RESEND_INTERVAL_S} s`);
    const register = { username: 'alice3', password: 'password123', email: 'alice@example.com' };
    for (const code of ['000000', 'ffffff'])
      expect(expectRefusal(await post('/api/user/register', { ...register, verification_code: code }))).toBe(
        'invalid or expired verification code',
      );
  });

  it('burns a code after 5 wrong tries for its address; tries at another address do not count', async () => {
    const register = (email: string, code: string, username: string) =>
      post('/api/user/register', { username, password: 'password123', email, verification_code: code });
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const kept = await mailedCode('kept@example.com');
    const burned = await mailedCode('burned@example.com');
    for (let i = 0; i < 4; i++) expectRefusal(await register('kept@example.com', wrongFor(kept), 'kept'));
    // Wrong codes sent for another address count there, not here.
    for (let i = 0; i < 5; i++) expectRefusal(await register('other@example.com', wrongFor(kept), 'kept'));
    expect((await register('kept@example.com', kept, 'kept')).json().success).toBe(true);
    for (let i = 0; i < 5; i++)
      expect(expectRefusal(await register('burned@example.com', wrongFor(burned), 'burned'))).toBe(
        'invalid or expired verification code',
      );
    expect(expectRefusal(await register('burned@example.com', burned, 'burned'))).toBe(
      'invalid or expired verification code',
    );
    // The address may ask for a new code once the resend window has passed.
    now += RESEND_INTERVAL_S;
    expect(
      (await register('burned@example.com', await mailedCode('burned@example.com'), 'burned')).json(),
    ).toEqual({ success: true, message: '' });
  });

  it('sends at most one code per address every 30 seconds, in both languages', async () => {
    await mailedCode('dave@example.com');
    const sent = sink.mails.length;
    const soon = await get(`/api/verification?${q({ email: 'DAVE@example.com' })}`, {});
    expect(expectRefusal(soon)).toBe(`发送过于频繁，请 ${RESEND_INTERVAL_S} 秒后再试`);
    now += RESEND_INTERVAL_S - 1;
    expect(expectRefusal(await get(`/api/verification?${q({ email: 'dave@example.com' })}`))).toBe(
      'sent moments ago, try again in 1 s',
    );
    expect(sink.mails).toHaveLength(sent);
    now += 1;
    await mailedCode('dave@example.com');
    const zh = sink.mails.at(-1)!;
    expect(zh.subject).toBe('Switchboard email verification');
  });

  it('enforces the domain whitelist and the alias restriction', async () => {
    await t.ctx.options.set('EmailDomainRestrictionEnabled', 'true');
    await t.ctx.options.set('EmailDomainWhitelist', 'example.com, corp.example');
    const refused = await get(`/api/verification?${q({ email: 'eve@elsewhere.org' })}`);
    expect(expectRefusal(refused)).toBe('the domain of your email address is not on the whitelist');
    await mailedCode('eve@Corp.Example');
    await t.ctx.options.set('EmailAliasRestrictionEnabled', 'true');
    for (const email of ['eve+x@example.com', 'e.ve@example.com']) {
      const res = await get(`/api/verification?${q({ email })}`, {});
      expect(expectRefusal(res)).toBe('管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。');
    }
    expect(expectRefusal(await get('/api/verification?email=not-an-address'))).toBe('invalid email address');
  });

  it('answers a clear refusal when SMTP is not configured, to known and unknown addresses alike', async () => {
    await t.ctx.options.set('SMTPServer', '');
    const res = await get(`/api/verification?${q({ email: 'frank@example.com' })}`);
    const message = expectRefusal(res);
    expect(message).toMatch(/SMTP/i);
    for (const email of ['alice@example.com', 'nobody@example.com'])
      expect(expectRefusal(await get(`/api/reset_password?${q({ email })}`))).toBe(message);
    await sink.configure(t.ctx);
  });
});

describe('GET /api/oauth/email/bind', () => {
  let user: Caller;
  beforeAll(async () => {
    user = await t.userWithRole(1, { username: 'binder' });
  });

  it('binds a verified address to the signed-in user, once per code', async () => {
    const email = 'binder@example.com';
    const code = await mailedCode(email);
    const bind = (c: string) =>
      get(`/api/oauth/email/bind?${q({ email, code: c })}`, { ...user.headers, ...en });
    expect(expectRefusal(await bind('zzzzzz'))).toBe('invalid or expired verification code');
    expect((await bind(code)).json()).toEqual({ success: true, message: '' });
    const self = await get('/api/user/self', user.headers);
    expect(self.json().data.email).toBe(email);
    expect(expectRefusal(await bind(code))).toBe('invalid or expired verification code');
    expect(expectRefusal(await get(`/api/oauth/email/bind?${q({ email, code: '' })}`, user.headers))).toBe(
      '请输入邮箱和验证码',
    );
    expect((await get(`/api/oauth/email/bind?${q({ email, code })}`)).statusCode).toBe(401);
  });
});

describe('password reset by email', () => {
  it('mails a link whose token sets a new password once, ending every session and the access token', async () => {
    const email = 'grace@example.com';
    const code = await mailedCode(email);
    const body = { username: 'grace', password: 'password123', email, verification_code: code };
    expect((await post('/api/user/register', body)).json().success).toBe(true);
    const session = await t.login('grace', 'password123');
    const viaToken = await accessTokenCaller(t, session);
    const token = await mailedResetToken(email);
    expect(sink.mails.at(-1)!.subject).toBe('Switchboard password reset');
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    expect(expectRefusal(await post('/api/user/reset', { email, token: 'f'.repeat(32) }))).toBe(
      'the reset link is invalid or has expired',
    );
    const other = await post('/api/user/reset', { email: 'alice@example.com', token });
    expect(expectRefusal(other)).toBe('the reset link is invalid or has expired');
    const done = (await post('/api/user/reset', { email, token })).json();
    expect(done).toMatchObject({ success: true, message: '' });
    expect(done.data).toMatch(/^[0-9a-f]{12}$/);

    expect((await get('/api/user/self', session.headers)).statusCode).toBe(401);
    await expectTokenRevoked(t, viaToken);
    await expect(t.login('grace', 'password123')).rejects.toThrow(/wrong|错误/);
    await expect(t.login('grace', done.data)).resolves.toMatchObject({ id: session.id });
    const reused = await post('/api/user/reset', { email, token }, {});
    expect(expectRefusal(reused)).toBe('重置链接非法或已过期');
  });

  it('never burns a reset link for wrong tries: 128 bits cannot be guessed, and a stranger must not cancel it', async () => {
    const token = await mailedResetToken('grace@example.com');
    for (let i = 0; i < 10; i++)
      expectRefusal(await post('/api/user/reset', { email: 'grace@example.com', token: 'f'.repeat(32) }));
    const done = await post('/api/user/reset', { email: 'grace@example.com', token });
    expect(done.json()).toMatchObject({ success: true, data: expect.stringMatching(/^[0-9a-f]{12}$/) });
  });

  it('refuses an expired link', async () => {
    const token = await mailedResetToken('grace@example.com');
    now += CODE_TTL_S;
    const res = await post('/api/user/reset', { email: 'grace@example.com', token });
    expect(expectRefusal(res)).toBe('the reset link is invalid or has expired');
  });

  it('answers an unknown address exactly like a known one, without mailing it', async () => {
    const sent = sink.mails.length;
    const unknown = await get(`/api/reset_password?${q({ email: 'nobody@example.com', turnstile: '' })}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: '' });
    const again = await get(`/api/reset_password?${q({ email: 'nobody@example.com' })}`);
    expect(expectRefusal(again)).toBe('sent moments ago, try again in 30 s');
    // Mails leave after the answer: once a known address's mail is in, the unknown one's turn is long over.
    await mailedResetToken('grace@example.com');
    expect(sink.mails).toHaveLength(sent + 1);
    expect(expectRefusal(await post('/api/user/reset', { email: 'nobody@example.com', token: '' }))).toBe(
      'the reset link is invalid or has expired',
    );
  });
});
