import { expect } from 'vitest';
import { loginUser, pricing, status, user } from '../fixtures/new-api.js';
import { empty, ok } from '../helpers/mock-fetch.js';
import type { CompatCase } from './case.js';

const manageAnswer = { ...loginUser, role: 1, status: 2 };
const telegram = { id: 99, first_name: 'A', username: 'alice_tg', auth_date: 1_741_132_800, hash: 'abc123' };

/** Public, account and self-service calls, answered in new-api 0.4.8 shapes. */
export const ACCOUNT_CASES: CompatCase[] = [
  {
    method: 'status.get',
    reply: ok(status),
    call: (c) => c.status.get(),
    check: (r) =>
      expect(r).toMatchObject({ system_name: 'New API', quota_per_unit: 500_000, enable_drawing: true }),
  },
  {
    method: 'status.notice',
    reply: ok('系统公告'),
    call: (c) => c.status.notice(),
    check: (r) => expect(r).toBe('系统公告'),
  },
  { method: 'status.about', reply: ok(''), call: (c) => c.status.about(), check: (r) => expect(r).toBe('') },
  {
    method: 'status.homePageContent',
    reply: ok('https://example.com/home'),
    call: (c) => c.status.homePageContent(),
    check: (r) => expect(r).toBe('https://example.com/home'),
  },
  {
    method: 'status.test',
    reply: { success: true, message: 'Server is running' },
    call: (c) => c.status.test(),
    check: (r) => expect(r).toBeUndefined(),
  },
  {
    method: 'users.register',
    reply: { success: true, message: '' },
    call: (c) =>
      c.users.register(
        { username: 'bob', password: 'password1', password2: 'password1', aff_code: 'a1B2' },
        { turnstile: 'cf-token' },
      ),
    path: '/api/user/register?turnstile=cf-token',
    body: { username: 'bob', password: 'password1', password2: 'password1', aff_code: 'a1B2' },
  },
  {
    method: 'users.login',
    reply: ok(loginUser),
    call: (c) => c.users.login({ username: 'alice', password: '12345678' }),
    body: { username: 'alice', password: '12345678' },
    check: (r, _calls, client) => {
      expect(r).toEqual({
        id: 7,
        username: 'alice',
        display_name: 'Alice',
        role: 1,
        status: 1,
        group: 'default',
      });
      expect(client.userId).toBe('7');
    },
  },
  { method: 'users.logout', reply: { success: true, message: '' }, call: (c) => c.users.logout() },
  {
    method: 'users.sendVerification',
    reply: { success: true, message: '' },
    call: (c) => c.users.sendVerification({ email: 'bob@example.com' }),
    check: (_r, calls) => expect(calls[0]!.url.searchParams.get('email')).toBe('bob@example.com'),
  },
  {
    method: 'users.sendPasswordReset',
    reply: { success: true, message: '' },
    call: (c) => c.users.sendPasswordReset({ email: 'bob@example.com' }, { turnstile: 't' }),
    check: (_r, calls) =>
      expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
        email: 'bob@example.com',
        turnstile: 't',
      }),
  },
  {
    method: 'users.resetPassword',
    reply: ok('Xk3p9QmZ2aLw'),
    call: (c) => c.users.resetPassword({ email: 'bob@example.com', token: 'f'.repeat(32) }),
    body: { email: 'bob@example.com', token: 'f'.repeat(32) },
    check: (r) => expect(r).toBe('Xk3p9QmZ2aLw'),
  },
  {
    method: 'users.groups',
    reply: ok({ default: { ratio: 1, desc: '默认分组' } }),
    call: (c) => c.users.groups(),
    check: (r) => expect(r).toEqual({ default: { ratio: 1, desc: '默认分组' } }),
  },
  {
    method: 'users.list',
    reply: ok({ items: [user], total: 1, page: 1, page_size: 10 }),
    call: (c) => c.users.list(),
    path: '/api/user/?page=1&page_size=10&size=10&p=1',
    check: (r) => expect(r).toMatchObject({ items: [{ id: 7, username: 'alice' }], total: 1 }),
  },
  {
    method: 'users.search',
    reply: ok({ items: [user], total: 1, page: 1, page_size: 10 }),
    call: (c) => c.users.search({ keyword: 'ali', group: 'default' }),
    check: (r, calls) => {
      expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({
        keyword: 'ali',
        group: 'default',
        p: '1',
      });
      expect(r).toMatchObject({ items: [{ id: 7 }] });
    },
  },
  {
    method: 'users.get',
    reply: ok(user),
    call: (c) => c.users.get(7),
    path: '/api/user/7',
    check: (r) => expect(r).toMatchObject({ quota: 4_500_000 }),
  },
  {
    method: 'users.create',
    reply: { success: true, message: '' },
    call: (c) => c.users.create({ username: 'carol', password: 'password1', display_name: 'Carol' }),
    body: { username: 'carol', password: 'password1', display_name: 'Carol' },
  },
  {
    method: 'users.update',
    reply: { success: true, message: '' },
    call: (c) =>
      c.users.update(7, { username: 'alice', display_name: 'Alice', group: 'vip', quota: '1000000' }),
    body: { id: 7, username: 'alice', display_name: 'Alice', group: 'vip', quota: 1_000_000 },
  },
  {
    method: 'users.manage',
    reply: ok(manageAnswer),
    call: (c) => c.users.manage(7, 'disable'),
    body: { id: 7, action: 'disable' },
    check: (r) => expect(r).toEqual({ role: 1, status: 2 }),
  },
  {
    method: 'users.promote',
    reply: ok({ ...manageAnswer, role: 10, status: 1 }),
    call: (c) => c.users.promote(7),
    body: { id: 7, action: 'promote' },
  },
  {
    method: 'users.demote',
    reply: ok(manageAnswer),
    call: (c) => c.users.demote(7),
    body: { id: 7, action: 'demote' },
  },
  {
    method: 'users.enable',
    reply: ok({ ...manageAnswer, status: 1 }),
    call: (c) => c.users.enable(7),
    body: { id: 7, action: 'enable' },
  },
  {
    method: 'users.disable',
    reply: ok(manageAnswer),
    call: (c) => c.users.disable(7),
    body: { id: 7, action: 'disable' },
  },
  {
    method: 'users.softDelete',
    reply: ok(manageAnswer),
    call: (c) => c.users.softDelete(7),
    body: { id: 7, action: 'delete' },
  },
  // Quirk: a successful hard delete writes an empty 200 body.
  {
    method: 'users.delete',
    reply: empty(200),
    call: (c) => c.users.delete(7),
    path: '/api/user/7',
    check: (r) => expect(r).toBeUndefined(),
  },
  {
    method: 'users.self.get',
    reply: ok(user),
    call: (c) => c.users.self.get(),
    check: (r) => expect(r).toMatchObject({ access_token: user.access_token }),
  },
  {
    method: 'users.self.update',
    reply: { success: true, message: '' },
    call: (c) => c.users.self.update({ display_name: 'Alice B', password: '' }),
    body: { display_name: 'Alice B' },
  },
  { method: 'users.self.delete', reply: { success: true, message: '' }, call: (c) => c.users.self.delete() },
  {
    method: 'users.self.generateAccessToken',
    reply: ok('bmV3YWNjZXNzdG9rZW4xMjM0NTY3OA=='),
    call: (c) => c.users.self.generateAccessToken(),
    check: (r) => expect(r).toBe('bmV3YWNjZXNzdG9rZW4xMjM0NTY3OA=='),
  },
  {
    method: 'users.self.getAffCode',
    reply: ok('a1B2'),
    call: (c) => c.users.self.getAffCode(),
    check: (r) => expect(r).toBe('a1B2'),
  },
  {
    method: 'users.self.transferAffQuota',
    reply: { success: true, message: '划转成功' },
    call: (c) => c.users.self.transferAffQuota({ quota: 500_000 }),
    body: { quota: 500_000 },
  },
  {
    method: 'users.self.models',
    reply: ok(['gpt-4o', 'gpt-4o-mini']),
    call: (c) => c.users.self.models(),
    check: (r) => expect(r).toEqual(['gpt-4o', 'gpt-4o-mini']),
  },
  {
    method: 'users.self.groups',
    reply: ok({ default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 2, desc: 'vip分组' } }),
    call: (c) => c.users.self.groups(),
    check: (r) => expect(r).toMatchObject({ vip: { ratio: 2 } }),
  },
  {
    method: 'users.self.updateSetting',
    reply: { success: true, message: '设置已更新' },
    call: (c) =>
      c.users.self.updateSetting({
        notify_type: 'webhook',
        quota_warning_threshold: 100000,
        webhook_url: 'https://hook.example/x',
      }),
    body: { notify_type: 'webhook', quota_warning_threshold: 100000, webhook_url: 'https://hook.example/x' },
  },
  {
    method: 'oauth.state',
    reply: ok('Ab3dEf6hIj9k'),
    call: (c) => c.oauth.state({ aff: 'a1B2' }),
    path: '/api/oauth/state?aff=a1B2',
    check: (r) => expect(r).toBe('Ab3dEf6hIj9k'),
  },
  {
    method: 'oauth.github',
    reply: ok(loginUser),
    call: (c) => c.oauth.github({ code: 'gh-code', state: 'Ab3dEf6hIj9k' }),
    path: '/api/oauth/github?code=gh-code&state=Ab3dEf6hIj9k',
    check: (r, _calls, client) => {
      expect(r).toMatchObject({ action: 'login', user: { id: 7 } });
      expect(client.userId).toBe('7');
    },
  },
  {
    method: 'oauth.linuxdo',
    reply: { success: true, message: 'bind' },
    call: (c) => c.oauth.linuxdo({ code: 'x', state: 'y' }),
    check: (r) => expect(r).toEqual({ action: 'bind' }),
  },
  {
    method: 'oauth.wechat',
    reply: ok(loginUser),
    call: (c) => c.oauth.wechat('123456'),
    path: '/api/oauth/wechat?code=123456',
    check: (r) => expect(r).toMatchObject({ action: 'login' }),
  },
  {
    method: 'oauth.wechatBind',
    reply: { success: true, message: '' },
    call: (c) => c.oauth.wechatBind('123456'),
    path: '/api/oauth/wechat/bind?code=123456',
  },
  {
    method: 'oauth.emailBind',
    reply: { success: true, message: '' },
    call: (c) => c.oauth.emailBind({ email: 'bob@example.com', code: 'ABC123' }),
    check: (_r, calls) =>
      expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
        email: 'bob@example.com',
        code: 'ABC123',
      }),
  },
  {
    method: 'oauth.telegramLogin',
    reply: ok(loginUser),
    call: (c) => c.oauth.telegramLogin(telegram),
    check: (r, calls) => {
      expect(r).toMatchObject({ action: 'login', user: { username: 'alice' } });
      expect(calls[0]!.url.searchParams.get('hash')).toBe('abc123');
    },
  },
  // Switchboard's own route (new-api 0.4.8 has none): a login session's nonce for the widget's bind URL.
  {
    method: 'oauth.telegramBindNonce',
    reply: ok('n0nce-of-this-login-session-0000'),
    call: (c) => c.oauth.telegramBindNonce(),
    check: (r) => expect(r).toBe('n0nce-of-this-login-session-0000'),
  },
  // Bind answers 302 to /setting: the client asks not to follow it and takes it as success.
  {
    method: 'oauth.telegramBind',
    reply: new Response(null, { status: 302, headers: { location: '/setting' } }),
    call: (c) => c.oauth.telegramBind(telegram),
  },
  {
    method: 'pricing.get',
    reply: pricing,
    call: (c) => c.pricing.get(),
    check: (r) =>
      expect(r).toMatchObject({
        data: [
          { model_name: 'gpt-4o-mini', completion_ratio: 4 },
          { model_name: 'dall-e-3', quota_type: 1 },
        ],
        group_ratio: { default: 1, vip: 1 },
        usable_group: { default: '默认分组' },
      }),
  },
];
