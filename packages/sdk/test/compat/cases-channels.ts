import { expect } from 'vitest';
import { channel } from '../fixtures/new-api.js';
import { ok } from '../helpers/mock-fetch.js';
import type { CompatCase } from './case.js';

const done = { success: true, message: '' };
const catalogue = [
  {
    id: 'gpt-4o',
    object: 'model',
    created: 1_626_777_600,
    owned_by: 'openai',
    permission: [],
    root: 'gpt-4o',
    parent: null,
  },
];

/** Channel, model and group calls, answered in new-api 0.4.8 shapes. */
export const CHANNEL_CASES: CompatCase[] = [
  {
    method: 'channels.list',
    reply: ok([channel(1), channel(2)]),
    call: (c) => c.channels.list({ id_sort: true, tag_mode: false }),
    path: '/api/channel/?id_sort=true&tag_mode=false&page=1&page_size=10&size=10&p=0',
    check: (r) => expect(r).toMatchObject({ items: [{ id: 1, key: '', tag: '' }, { id: 2 }] }),
  },
  {
    method: 'channels.search',
    reply: ok([channel(3)]),
    call: (c) => c.channels.search({ keyword: '3', group: 'default' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 3 }] }),
  },
  {
    method: 'channels.get',
    reply: ok(channel(3)),
    call: (c) => c.channels.get(3),
    path: '/api/channel/3',
    check: (r) => expect(r).toMatchObject({ name: 'channel-3' }),
  },
  {
    method: 'channels.create',
    reply: done,
    call: (c) =>
      c.channels.create({
        name: 'openai',
        key: 'sk-a\nsk-b',
        models: ['gpt-4o', 'gpt-4o-mini'],
        base_url: 'https://api.openai.com/',
        mode: 'batch',
      }),
    check: (_r, calls) =>
      expect(calls[0]!.body).toMatchObject({
        name: 'openai',
        key: 'sk-a\nsk-b',
        models: 'gpt-4o,gpt-4o-mini',
        group: 'default',
        auto_ban: 1,
        base_url: 'https://api.openai.com',
      }),
  },
  {
    method: 'channels.update',
    reply: ok(channel(3, { name: 'renamed', key: 'sk-upstream' })),
    call: (c) => c.channels.update(3, { name: 'renamed', key: '' }),
    body: { id: 3, name: 'renamed' },
    // The PUT answer is the re-read row, key included (a 0.4.8 leak the SDK passes through).
    check: (r) => expect(r).toMatchObject({ name: 'renamed', key: 'sk-upstream' }),
  },
  {
    method: 'channels.updateStatus',
    reply: ok(channel(3, { status: 2 })),
    call: (c) => c.channels.updateStatus(3, 2),
    body: { id: 3, status: 2 },
  },
  {
    method: 'channels.updatePriority',
    reply: ok(channel(3, { priority: 5 })),
    call: (c) => c.channels.updatePriority(3, '5'),
    body: { id: 3, priority: 5 },
  },
  {
    method: 'channels.updateWeight',
    reply: ok(channel(3)),
    call: (c) => c.channels.updateWeight(3, -4),
    body: { id: 3, weight: 0 },
  },
  { method: 'channels.delete', reply: done, call: (c) => c.channels.delete(3), path: '/api/channel/3' },
  {
    method: 'channels.revealKey',
    reply: ok({ key: 'sk-upstream-secret' }),
    call: (c) => c.channels.revealKey(3),
    path: '/api/channel/3/key',
    check: (r) => expect(r).toBe('sk-upstream-secret'),
  },
  {
    method: 'channels.deleteMany',
    reply: ok(2),
    call: (c) => c.channels.deleteMany({ ids: [1, 2] }),
    body: { ids: [1, 2] },
    check: (r) => expect(r).toBe(2),
  },
  {
    method: 'channels.deleteDisabled',
    reply: ok(4),
    call: (c) => c.channels.deleteDisabled(),
    check: (r) => expect(r).toBe(4),
  },
  {
    method: 'channels.setTag',
    reply: ok(1),
    call: (c) => c.channels.setTag({ ids: [1], tag: 'vip' }),
    body: { ids: [1], tag: 'vip' },
    check: (r) => expect(r).toBe(1),
  },
  { method: 'channels.fix', reply: ok(5), call: (c) => c.channels.fix(), check: (r) => expect(r).toBe(5) },
  {
    method: 'channels.test',
    reply: { success: true, message: '', time: 1.25 },
    call: (c) => c.channels.test(3, { model: 'gpt-4o-mini' }),
    path: '/api/channel/test/3?model=gpt-4o-mini',
    check: (r) => expect(r).toEqual({ success: true, message: '', time: 1.25 }),
  },
  { method: 'channels.testAll', reply: done, call: (c) => c.channels.testAll() },
  {
    method: 'channels.updateBalance',
    reply: { success: true, message: '', balance: 12.5 },
    call: (c) => c.channels.updateBalance(3),
    path: '/api/channel/update_balance/3',
    check: (r) => expect(r).toBe(12.5),
  },
  { method: 'channels.updateAllBalances', reply: done, call: (c) => c.channels.updateAllBalances() },
  {
    method: 'channels.fetchModels',
    reply: ok(['gpt-4o']),
    call: (c) => c.channels.fetchModels(3),
    path: '/api/channel/fetch_models/3',
    check: (r) => expect(r).toEqual(['gpt-4o']),
  },
  {
    method: 'channels.fetchModelsByParams',
    // No message field here in new-api.
    reply: { success: true, data: ['gpt-4o', 'o1'] },
    call: (c) =>
      c.channels.fetchModelsByParams({ base_url: 'https://api.openai.com/', type: 1, key: 'sk-x' }),
    body: { base_url: 'https://api.openai.com', type: 1, key: 'sk-x' },
    check: (r) => expect(r).toEqual(['gpt-4o', 'o1']),
  },
  {
    method: 'channels.tags.enable',
    reply: done,
    call: (c) => c.channels.tags.enable('vip'),
    body: { tag: 'vip' },
  },
  {
    method: 'channels.tags.disable',
    reply: done,
    call: (c) => c.channels.tags.disable('vip'),
    body: { tag: 'vip' },
  },
  {
    method: 'channels.tags.update',
    reply: done,
    call: (c) => c.channels.tags.update('vip', { new_tag: 'svip', priority: '5', models: ['a', 'b'] }),
    body: { tag: 'vip', new_tag: 'svip', priority: 5, models: 'a,b' },
  },
  {
    method: 'channels.models.list',
    reply: ok(catalogue),
    call: (c) => c.channels.models.list(),
    check: (r) => expect(r).toMatchObject([{ id: 'gpt-4o', owned_by: 'openai' }]),
  },
  {
    method: 'channels.models.enabled',
    reply: ok(['gpt-4o']),
    call: (c) => c.channels.models.enabled(),
    check: (r) => expect(r).toEqual(['gpt-4o']),
  },
  {
    method: 'models.list',
    // No message field here in new-api.
    reply: { success: true, data: { '1': ['gpt-4o'], '14': ['claude-3-5-sonnet-20241022'] } },
    call: (c) => c.models.list(),
    check: (r) => expect(r).toEqual({ '1': ['gpt-4o'], '14': ['claude-3-5-sonnet-20241022'] }),
  },
  {
    method: 'groups.list',
    reply: ok(['default', 'vip', 'svip']),
    call: (c) => c.groups.list(),
    path: '/api/group/',
    check: (r) => expect(r).toEqual(['default', 'vip', 'svip']),
  },
];
