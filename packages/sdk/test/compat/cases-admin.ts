import { expect } from 'vitest';
import { redemption, token } from '../fixtures/new-api.js';
import { ok } from '../helpers/mock-fetch.js';
import type { CompatCase } from './case.js';

const done = { success: true, message: '' };

/** One audit entry as Switchboard answers it (the audit trail is not new-api's: its own shape). */
const auditEntry = (id: number) => ({
  id,
  created_at: 1764201600,
  actor_id: 1,
  actor_name: 'root',
  ip: '127.0.0.1',
  via: 'session',
  credential: '0123456789abcdef',
  action: 'option.update',
  target_type: 'option',
  target_id: 'SystemName',
  before: { value: 'New API' },
  after: { value: 'Switchboard' },
  reverted_from: null,
});

/** Option, token and redemption calls, answered in new-api 0.4.8 shapes. */
export const ADMIN_CASES: CompatCase[] = [
  {
    method: 'audit.list',
    reply: ok({ items: [auditEntry(2), auditEntry(1)], total: 2, page: 1, page_size: 10 }),
    call: (c) => c.audit.list({ target_type: 'option' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 2 }, { id: 1 }], total: 2 }),
  },
  {
    method: 'audit.get',
    reply: ok(auditEntry(7)),
    call: (c) => c.audit.get(7),
    path: '/api/audit/7',
    check: (r) => expect(r).toMatchObject({ id: 7, before: { value: 'New API' } }),
  },
  {
    method: 'audit.revert',
    reply: ok({ ...auditEntry(8), action: 'option.revert', reverted_from: 7 }),
    call: (c) => c.audit.revert(7),
    path: '/api/audit/7/revert',
    check: (r) => expect(r).toMatchObject({ id: 8, reverted_from: 7 }),
  },
  {
    method: 'options.list',
    reply: ok([
      { key: 'SystemName', value: 'New API' },
      { key: 'DrawingEnabled', value: 'true' },
    ]),
    call: (c) => c.options.list(),
    path: '/api/option/',
    check: (r) => expect(r).toContainEqual({ key: 'DrawingEnabled', value: 'true' }),
  },
  {
    method: 'options.getMap',
    reply: ok([
      { key: 'DrawingEnabled', value: 'false' },
      { key: 'Price', value: '7.5' },
    ]),
    call: (c) => c.options.getMap(),
    check: (r) => expect(r).toMatchObject({ DrawingEnabled: false, Price: 7.5, QuotaPerUnit: 500_000 }),
  },
  {
    method: 'options.update',
    reply: done,
    call: (c) => c.options.update('DrawingEnabled', false),
    body: { key: 'DrawingEnabled', value: 'false' },
  },
  {
    method: 'options.updateMany',
    reply: done,
    call: (c) =>
      c.options.updateMany([
        { key: 'SystemName', value: 'Switchboard' },
        { key: 'Notice', value: 'hi' },
      ]),
    check: (_r, calls) =>
      expect(calls.map((call) => call.body)).toEqual([
        { key: 'SystemName', value: 'Switchboard' },
        { key: 'Notice', value: 'hi' },
      ]),
  },
  {
    method: 'options.resetModelRatio',
    reply: { success: true, message: '重置模型倍率成功' },
    call: (c) => c.options.resetModelRatio(),
  },
  {
    method: 'tokens.list',
    reply: ok([token(2), token(1)]),
    call: (c) => c.tokens.list({ page: 1, pageSize: 100 }),
    path: '/api/token/?page=1&page_size=100&size=100&p=0',
    check: (r) => expect(r).toMatchObject({ items: [{ id: 2 }, { id: 1 }], pageSize: 100 }),
  },
  {
    method: 'tokens.search',
    reply: ok([token(1)]),
    call: (c) => c.tokens.search({ keyword: 'tok', token: 'sk-kkk' }),
    check: (r, calls) => {
      expect(calls[0]!.url.searchParams.get('token')).toBe('kkk');
      expect(r).toMatchObject({ items: [{ id: 1 }] });
    },
  },
  {
    method: 'tokens.get',
    reply: ok(token(1)),
    call: (c) => c.tokens.get(1),
    path: '/api/token/1',
    check: (r) => expect(r).toMatchObject({ expired_time: -1 }),
  },
  {
    method: 'tokens.create',
    reply: done,
    call: (c) =>
      c.tokens.create({
        name: 'ci',
        remain_quota: 1000,
        model_limits: ['gpt-4o'],
        model_limits_enabled: true,
      }),
    check: (_r, calls) =>
      expect(calls[0]!.body).toMatchObject({
        name: 'ci',
        remain_quota: 1000,
        expired_time: -1,
        model_limits: 'gpt-4o',
        model_limits_enabled: true,
      }),
  },
  {
    method: 'tokens.update',
    reply: ok(token(1)),
    call: (c) => c.tokens.update(1, { name: 'renamed', expired_time: -1 }),
    body: { id: 1, name: 'renamed', expired_time: -1 },
  },
  {
    method: 'tokens.updateStatus',
    reply: ok({ ...token(1), status: 2 }),
    call: (c) => c.tokens.updateStatus(1, 2),
    path: '/api/token/?status_only=true',
    body: { id: 1, status: 2 },
    check: (r) => expect(r).toMatchObject({ status: 2 }),
  },
  { method: 'tokens.delete', reply: done, call: (c) => c.tokens.delete(1), path: '/api/token/1' },
  {
    method: 'tokens.revealKey',
    reply: ok({ key: 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL' }),
    call: (c) => c.tokens.revealKey(7),
    path: '/api/token/7/key',
    check: (r) => expect(r).toBe('sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL'),
  },
  {
    method: 'redemptions.list',
    reply: ok({ items: [redemption(1)], total: 1, page: 1, page_size: 10 }),
    call: (c) => c.redemptions.list(),
    path: '/api/redemption/?page=1&page_size=10&size=10&p=1',
    check: (r) => expect(r).toMatchObject({ items: [{ id: 1, quota: 100_000 }], total: 1 }),
  },
  {
    method: 'redemptions.search',
    reply: ok({ items: [redemption(2)], total: 1, page: 1, page_size: 10 }),
    call: (c) => c.redemptions.search({ keyword: 'code' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 2 }] }),
  },
  {
    method: 'redemptions.get',
    reply: ok(redemption(1)),
    call: (c) => c.redemptions.get(1),
    path: '/api/redemption/1',
  },
  {
    method: 'redemptions.create',
    reply: ok(['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210']),
    call: (c) => c.redemptions.create({ name: 'promo', quota: 100_000, count: 2 }),
    body: { name: 'promo', quota: 100_000, count: 2 },
    check: (r) => expect(r).toHaveLength(2),
  },
  {
    method: 'redemptions.update',
    reply: ok(redemption(1)),
    call: (c) => c.redemptions.update(1, { name: 'renamed' }),
    body: { id: 1, name: 'renamed' },
  },
  {
    method: 'redemptions.updateStatus',
    reply: ok({ ...redemption(1), status: 2 }),
    call: (c) => c.redemptions.updateStatus(1, 2),
    path: '/api/redemption/?status_only=true',
    body: { id: 1, status: 2 },
  },
  {
    method: 'redemptions.delete',
    reply: done,
    call: (c) => c.redemptions.delete(1),
    path: '/api/redemption/1',
  },
];
