import { Role, SDK_ROUTES, UserManageAction, type AuditTargetType } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { createChannels } from '../channels/channel-test-kit.js';

/**
 * The guard of issue 27: every write route an administrator can call (a non-GET SDK descriptor under admin or
 * root auth) has a case here that drives it through the real server and finds its audit entry. A new write
 * route without a case fails the first test; one whose handler does not record fails its own case.
 */

/** Write routes that change nothing on this server, and why. */
const NOT_WRITES: Record<string, string> = {
  'channels.fetchModelsByParams': 'asks an upstream for its model list; nothing is stored',
};

interface Case {
  /** Makes the call; answers the request (method, url, payload). */
  request(): Promise<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }>;
  targetType: AuditTargetType;
  action: string;
  /** Call as root although the route is admin level (demoting an admin takes a higher role). */
  asRoot?: true;
}

let t: TestApp;
let root: Caller;
let admin: Caller;
let optionEntry = 0;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  admin = await t.userWithRole(Role.Admin);
});
afterAll(() => t.close());

const newUser = async () => (await t.userWithRole(Role.Common)).id;
const newChannel = async (over: Record<string, unknown> = {}) => (await createChannels(t, admin, over))[0]!;
const newCode = async () => {
  const res = await t.call({
    method: 'POST',
    url: '/api/redemption/',
    headers: admin.headers,
    payload: { name: 'c', quota: 5, count: 1 },
  });
  const id = (await t.ctx.db.selectFrom('redemptions').select('id').orderBy('id', 'desc').executeTakeFirst())!
    .id;
  expect(res.json().success).toBe(true);
  return id;
};
const manage = (action: string): Case => ({
  targetType: 'user',
  action: `user.${action === UserManageAction.Delete ? 'soft_delete' : action}`,
  request: async () => ({
    method: 'POST',
    url: '/api/user/manage',
    payload: { id: await newUser(), action },
  }),
});

const CASES: Record<string, Case> = {
  'users.create': {
    targetType: 'user',
    action: 'user.create',
    request: async () => ({
      method: 'POST',
      url: '/api/user/',
      payload: { username: 'made1', password: 'password123' },
    }),
  },
  'users.update': {
    targetType: 'user',
    action: 'user.update',
    request: async () => ({ method: 'PUT', url: '/api/user/', payload: { id: await newUser(), quota: 42 } }),
  },
  'users.manage': manage(UserManageAction.Disable),
  'users.promote': manage(UserManageAction.Promote),
  'users.demote': {
    targetType: 'user',
    action: 'user.demote',
    asRoot: true,
    request: async () => ({
      method: 'POST',
      url: '/api/user/manage',
      payload: { id: (await t.userWithRole(Role.Admin)).id, action: UserManageAction.Demote },
    }),
  },
  'users.enable': manage(UserManageAction.Enable),
  'users.disable': manage(UserManageAction.Disable),
  'users.softDelete': manage(UserManageAction.Delete),
  'users.delete': {
    targetType: 'user',
    action: 'user.delete',
    request: async () => ({ method: 'DELETE', url: `/api/user/${await newUser()}` }),
  },
  'options.update': {
    targetType: 'option',
    action: 'option.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/option/',
      payload: { key: 'SystemName', value: 'Audited' },
    }),
  },
  'options.updateMany': {
    targetType: 'option',
    action: 'option.update',
    request: async () => ({ method: 'PUT', url: '/api/option/', payload: { key: 'Footer', value: 'f' } }),
  },
  'options.resetModelRatio': {
    targetType: 'option',
    action: 'option.reset_model_ratio',
    request: async () => ({ method: 'POST', url: '/api/option/rest_model_ratio' }),
  },
  'channels.create': {
    targetType: 'channel',
    action: 'channel.create',
    request: async () => ({
      method: 'POST',
      url: '/api/channel/',
      payload: { name: 'n', key: 'sk-x', models: 'm', group: 'default' },
    }),
  },
  'channels.update': {
    targetType: 'channel',
    action: 'channel.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/channel/',
      payload: { id: await newChannel(), name: 'renamed' },
    }),
  },
  'channels.updateStatus': {
    targetType: 'channel',
    action: 'channel.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/channel/',
      payload: { id: await newChannel(), status: 2 },
    }),
  },
  'channels.updatePriority': {
    targetType: 'channel',
    action: 'channel.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/channel/',
      payload: { id: await newChannel(), priority: 7 },
    }),
  },
  'channels.updateWeight': {
    targetType: 'channel',
    action: 'channel.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/channel/',
      payload: { id: await newChannel(), weight: 3 },
    }),
  },
  'channels.delete': {
    targetType: 'channel',
    action: 'channel.delete',
    request: async () => ({ method: 'DELETE', url: `/api/channel/${await newChannel()}` }),
  },
  'channels.deleteMany': {
    targetType: 'channel',
    action: 'channel.delete',
    request: async () => ({
      method: 'POST',
      url: '/api/channel/batch',
      payload: { ids: [await newChannel()] },
    }),
  },
  'channels.deleteDisabled': {
    targetType: 'channel',
    action: 'channel.delete',
    request: async () => {
      const id = await newChannel();
      await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', id).execute();
      return { method: 'DELETE', url: '/api/channel/disabled' };
    },
  },
  'channels.setTag': {
    targetType: 'channel',
    action: 'channel.set_tag',
    request: async () => ({
      method: 'POST',
      url: '/api/channel/batch/tag',
      payload: { ids: [await newChannel()], tag: 'tagged' },
    }),
  },
  'channels.fix': {
    targetType: 'channel',
    action: 'channel.fix',
    request: async () => ({ method: 'POST', url: '/api/channel/fix' }),
  },
  'channels.revealKey': {
    targetType: 'channel',
    action: 'channel.reveal_key',
    request: async () => ({ method: 'POST', url: `/api/channel/${await newChannel()}/key` }),
  },
  'channels.tags.enable': {
    targetType: 'channel',
    action: 'channel.enable_tag',
    request: async () => {
      await newChannel({ tag: 'en' });
      await t.ctx.db.updateTable('channels').set({ status: 2 }).where('tag', '=', 'en').execute();
      return { method: 'POST', url: '/api/channel/tag/enabled', payload: { tag: 'en' } };
    },
  },
  'channels.tags.disable': {
    targetType: 'channel',
    action: 'channel.disable_tag',
    request: async () => {
      await newChannel({ tag: 'dis' });
      return { method: 'POST', url: '/api/channel/tag/disabled', payload: { tag: 'dis' } };
    },
  },
  'channels.tags.update': {
    targetType: 'channel',
    action: 'channel.edit_tag',
    request: async () => {
      await newChannel({ tag: 'ed' });
      return { method: 'PUT', url: '/api/channel/tag', payload: { tag: 'ed', priority: 9 } };
    },
  },
  'redemptions.create': {
    targetType: 'redemption',
    action: 'redemption.create',
    request: async () => ({
      method: 'POST',
      url: '/api/redemption/',
      payload: { name: 'r', quota: 1, count: 1 },
    }),
  },
  'redemptions.update': {
    targetType: 'redemption',
    action: 'redemption.update',
    request: async () => ({
      method: 'PUT',
      url: '/api/redemption/',
      payload: { id: await newCode(), quota: 9 },
    }),
  },
  'redemptions.updateStatus': {
    targetType: 'redemption',
    action: 'redemption.update_status',
    request: async () => ({
      method: 'PUT',
      url: '/api/redemption/?status_only=true',
      payload: { id: await newCode(), status: 2 },
    }),
  },
  'redemptions.delete': {
    targetType: 'redemption',
    action: 'redemption.delete',
    request: async () => ({ method: 'DELETE', url: `/api/redemption/${await newCode()}` }),
  },
  'logs.delete': {
    targetType: 'log',
    action: 'log.delete',
    request: async () => ({ method: 'DELETE', url: '/api/log/?target_timestamp=1000' }),
  },
  'audit.revert': {
    targetType: 'option',
    action: 'option.revert',
    request: async () => {
      const res = await t.call({
        method: 'PUT',
        url: '/api/option/',
        headers: root.headers,
        payload: { key: 'SystemName', value: 'Before revert' },
      });
      expect(res.json().success).toBe(true);
      optionEntry = (await lastEntry())!.id;
      return { method: 'POST', url: `/api/audit/${optionEntry}/revert` };
    },
  },
};

const WRITES = SDK_ROUTES.filter((r) => r.method !== 'GET' && (r.auth === 'admin' || r.auth === 'root'));

const lastEntry = () =>
  t.ctx.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

describe('audit coverage', () => {
  it('has a case for every admin and root write route of the SDK', () => {
    const missing = WRITES.map((r) => r.sdkMethod).filter((m) => !(m in CASES) && !(m in NOT_WRITES));
    expect(missing, 'write routes without an audit case: record them (audited()) and add a case').toEqual([]);
    const stale = Object.keys(CASES).filter((m) => !WRITES.some((r) => r.sdkMethod === m));
    expect(stale).toEqual([]);
  });

  it.each(WRITES.filter((r) => r.sdkMethod in CASES).map((r) => [r.sdkMethod, r] as const))(
    '%s leaves an audit entry',
    async (method, route) => {
      const c = CASES[method]!;
      const who = route.auth === 'root' || c.asRoot ? root : admin;
      const request = await c.request();
      const before = (await lastEntry())?.id ?? 0;
      const res = await t.call({ ...request, headers: who.headers });
      expect(res.json(), res.body).toMatchObject({ success: true });
      const entries = await t.ctx.db.selectFrom('audit_logs').selectAll().where('id', '>', before).execute();
      expect(entries.length, `${method} recorded nothing`).toBeGreaterThan(0);
      const entry = entries.find((e) => e.action === c.action);
      expect(
        entry,
        `${method}: no ${c.action} entry in ${entries.map((e) => e.action).join(', ')}`,
      ).toBeDefined();
      expect(entry).toMatchObject({ target_type: c.targetType, actor_id: who.id, via: 'session' });
      expect(entry!.ip).not.toBe('');
      expect(entry!.credential).toMatch(/^[0-9a-f]{16}$/);
      // No secret of any kind in the trail: channel keys, password hashes, code keys.
      const text = JSON.stringify(entries);
      expect(text).not.toContain('sk-');
      expect(text).not.toContain('$2');
      expect(text).not.toContain('enc:v1:');
    },
  );
});
