import { UserSchema } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../crypto.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';
import { accessTokenCaller, expectTokenRevoked, selfWith } from '../../testing/access-token.js';

let t: TestApp;
const en = { 'accept-language': 'en' };
const as = (c: Caller) => ({ ...c.headers, ...en });
const self = (c: Caller) => t.call({ method: 'GET', url: '/api/user/self', headers: as(c) });
const userRow = (id: number) =>
  t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/self', () => {
  it('returns every UserSchema field, password and access token blank', async () => {
    const u = await t.userWithRole(1, { quota: 42 });
    const res = await self(u);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(UserSchema.strict().parse(data)).toMatchObject({ id: u.id, quota: 42, role: 1, DeletedAt: null });
    expect(data.password).toBe('');
    expect(data.access_token).toBe('');
  });

  it('needs a login (401)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/self', headers: en });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });
});

describe('PUT /api/user/self', () => {
  it('changes username and display name', async () => {
    const u = await t.userWithRole(1);
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { username: `n${u.id}`, display_name: 'New Name' },
    });
    expect(res.json()).toEqual({ success: true, message: '' });
    expect(await userRow(u.id)).toMatchObject({ username: `n${u.id}`, display_name: 'New Name' });
  });

  it('refuses a taken username (409) and invalid input (400)', async () => {
    const u = await t.userWithRole(1);
    let res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { username: 'root' },
    });
    expectRefusal(res);
    res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { password: 'short' },
    });
    expectRefusal(res);
    expect(res.json().message).toBe('password length must not be less than 8');
  });

  it('needs the current password to set a new one', async () => {
    const u = await t.userWithRole(1);
    let res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { password: 'newpass123' },
    });
    expectRefusal(res);
    expect(res.json().message).toBe('please enter your current password');
    res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { password: 'newpass123', original_password: 'wrongpass1' },
    });
    expect(res.json().message).toBe('the current password is wrong');
  });

  it('a password change logs out the other sessions', async () => {
    const u = await t.userWithRole(1);
    const username = (await userRow(u.id)).username;
    const other = await t.login(username, 'password123');
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/self',
      headers: as(u),
      payload: { password: 'newpass123', original_password: 'password123' },
    });
    expect(res.json().success).toBe(true);
    expect((await self(other)).statusCode).toBe(401);
    expect((await self(await t.login(username, 'newpass123'))).statusCode).toBe(200);
  });

  it('a password change revokes the access token in the same step; other edits keep it', async () => {
    const u = await t.userWithRole(1);
    const viaToken = await accessTokenCaller(t, u);
    const update = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: '/api/user/self', headers: as(u), payload });
    expect((await update({ display_name: 'Renamed' })).json().success).toBe(true);
    expect((await selfWith(t, viaToken.headers)).json().success).toBe(true);
    const res = await update({ password: 'newpass123', original_password: 'password123' });
    expect(res.json().success).toBe(true);
    await expectTokenRevoked(t, viaToken);
    expect((await userRow(u.id)).access_token).toBeNull();
  });
});

describe('DELETE /api/user/self', () => {
  it('soft-deletes the account and ends its sessions', async () => {
    const u = await t.userWithRole(1);
    const res = await t.call({ method: 'DELETE', url: '/api/user/self', headers: as(u) });
    expect(res.json().success).toBe(true);
    expect((await userRow(u.id)).deleted_at).not.toBeNull();
    expect((await self(u)).statusCode).toBe(401);
  });

  it('refuses the super admin (403)', async () => {
    const root = await t.root();
    const res = await t.call({ method: 'DELETE', url: '/api/user/self', headers: as(root) });
    expectRefusal(res);
    expect(res.json().message).toBe('the super admin cannot be deleted');
  });
});

describe('GET /api/user/token', () => {
  it('returns a new token once, stores only its hash, and the token authenticates', async () => {
    const u = await t.userWithRole(1);
    const res = await t.call({ method: 'GET', url: '/api/user/token', headers: as(u) });
    const token: string = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await userRow(u.id)).access_token).toBe(sha256Hex(token));
    const viaToken = await t.call({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: `Bearer ${token}`, 'new-api-user': String(u.id) },
    });
    expect(viaToken.json().data).toMatchObject({ id: u.id, access_token: '' });
    const again = await t.call({ method: 'GET', url: '/api/user/token', headers: as(u) });
    expect(again.json().data).not.toBe(token);
  });

  it('needs a login (401)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/token' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/setting', () => {
  const put = (c: Caller, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/user/setting', headers: as(c), payload });

  it('stores the settings as JSON text', async () => {
    const u = await t.userWithRole(1);
    const res = await put(u, {
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://example.com/hook',
      webhook_secret: 's3cret',
    });
    expect(res.json()).toEqual({ success: true, message: 'settings updated' });
    expect(JSON.parse((await userRow(u.id)).setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://example.com/hook',
      webhook_secret: 's3cret',
    });
  });

  it('accepts https webhooks only (400) and needs a login (401)', async () => {
    const u = await t.userWithRole(1);
    const res = await put(u, {
      notify_type: 'webhook',
      quota_warning_threshold: 1,
      webhook_url: 'http://x.io',
    });
    expectRefusal(res);
    expect(res.json().message).toBe('the webhook URL must start with https://');
    const anon = await t.call({ method: 'PUT', url: '/api/user/setting', payload: { notify_type: 'email' } });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses webhooks naming a private, loopback or reserved address in any spelling', async () => {
    const u = await t.userWithRole(1);
    const hosts = [
      '127.0.0.1',
      'localhost',
      '[::1]',
      '169.254.169.254',
      '10.1.2.3',
      '192.168.0.10',
      '172.20.0.1',
      '100.64.1.1',
      '198.18.0.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      '[fc00::1]',
      '[fe80::1]',
      '224.0.0.1',
    ];
    for (const host of hosts) {
      const res = await put(u, {
        notify_type: 'webhook',
        quota_warning_threshold: 1,
        webhook_url: `https://${host}/h`,
      });
      expect(res.statusCode, host).toBe(200);
      expect(res.json(), host).toEqual({
        success: false,
        message: 'the webhook URL must not point to a private, loopback or reserved address',
      });
    }
    const bad = await put(u, {
      notify_type: 'webhook',
      quota_warning_threshold: 1,
      webhook_url: 'https://[::1/h',
    });
    expect(bad.json()).toEqual({ success: false, message: 'the webhook URL is not a valid URL' });
    expect(JSON.parse((await userRow(u.id)).setting || '{}')).toEqual({});
    for (const url of [
      'https://8.8.8.8/h',
      'https://[2606:4700::1111]/h',
      'https://hooks.example.com:8443/h',
    ]) {
      const res = await put(u, { notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: url });
      expect(res.json(), url).toMatchObject({ success: true });
    }
  });

  it('stores private webhooks when the operator allows them (WEBHOOK_ALLOW_PRIVATE)', async () => {
    const open = await createTestApp({ config: { webhookAllowPrivate: true } });
    try {
      const u = await open.userWithRole(1);
      const res = await open.call({
        method: 'PUT',
        url: '/api/user/setting',
        headers: as(u),
        payload: { notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: 'https://127.0.0.1:9/h' },
      });
      expect(res.json()).toMatchObject({ success: true });
    } finally {
      await open.close();
    }
  });
});
