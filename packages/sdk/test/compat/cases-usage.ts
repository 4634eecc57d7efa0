import { expect } from 'vitest';
import { drawing, log, task } from '../fixtures/new-api.js';
import { ok } from '../helpers/mock-fetch.js';
import type { CompatCase } from './case.js';

const logPage = { items: [log(1)], total: 1, page: 1, page_size: 10 };
const quotaData = {
  id: 1,
  user_id: 7,
  username: 'alice',
  model_name: 'gpt-4o-mini',
  created_at: 1_741_132_800,
  token_used: 150,
  count: 1,
  quota: 150,
};
const sse = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const chunk = {
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }],
};

/** Wallet, log, dashboard, task and playground calls, answered in new-api 0.4.8 shapes. */
export const USAGE_CASES: CompatCase[] = [
  {
    method: 'wallet.topUp',
    reply: ok(500_000),
    call: (c) => c.wallet.topUp({ key: ' 0123456789abcdef ' }),
    body: { key: '0123456789abcdef' },
    check: (r) => expect(r).toBe(500_000),
  },
  {
    method: 'wallet.pay',
    // Not enveloped: {message, data, url}.
    reply: {
      message: 'success',
      data: {
        pid: '1001',
        type: 'alipay',
        out_trade_no: 'USR7NOab12cd1741132800',
        money: '73.00',
        name: 'TUC10',
        sign: 'f00',
        sign_type: 'MD5',
      },
      url: 'https://pay.example/submit.php',
    },
    call: (c) => c.wallet.pay({ amount: 10, payment_method: 'zfb' }),
    body: { amount: 10, payment_method: 'zfb', top_up_code: '' },
    check: (r) =>
      expect(r).toMatchObject({
        url: 'https://pay.example/submit.php',
        fields: { money: '73.00', pid: '1001' },
      }),
  },
  {
    method: 'wallet.amount',
    reply: { message: 'success', data: '73.00' },
    call: (c) => c.wallet.amount({ amount: 10 }),
    check: (r) => expect(r).toBe('73.00'),
  },
  {
    method: 'wallet.orders',
    // A later new-api route (`GET /api/user/topup/self`), paged as {items, total, page, page_size}.
    reply: ok({
      items: [
        {
          id: 3,
          user_id: 7,
          amount: 10,
          money: 73,
          trade_no: 'USR7NOab12cd1741132800',
          create_time: 1_741_132_800,
          status: 'success',
        },
      ],
      total: 1,
      page: 1,
      page_size: 10,
    }),
    call: (c) => c.wallet.orders({ keyword: 'USR7' }),
    path: '/api/user/topup/self?keyword=USR7&page=1&page_size=10&size=10&p=1',
    check: (r) =>
      expect(r).toMatchObject({
        items: [{ trade_no: 'USR7NOab12cd1741132800', status: 'success' }],
        total: 1,
      }),
  },
  {
    method: 'logs.list',
    reply: ok(logPage),
    call: (c) =>
      c.logs.list({
        type: 2,
        username: 'alice',
        start_timestamp: 1_741_000_000,
        end_timestamp: 1_742_000_000,
      }),
    check: (r, calls) => {
      expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({
        type: '2',
        username: 'alice',
        p: '1',
        page_size: '10',
      });
      expect(r).toMatchObject({ items: [{ id: 1, channel: 3, channel_name: 'channel-3' }], total: 1 });
    },
  },
  {
    method: 'logs.listSelf',
    reply: ok({ ...logPage, items: [{ ...log(1025), id: 1, channel_name: '' }] }),
    call: (c) => c.logs.listSelf({ token_name: 'token-1' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 1, channel_name: '' }] }),
  },
  {
    method: 'logs.search',
    reply: ok([log(1), log(2)]),
    call: (c) => c.logs.search({ keyword: '2' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 1 }, { id: 2 }] }),
  },
  {
    method: 'logs.searchSelf',
    reply: ok([log(3)]),
    call: (c) => c.logs.searchSelf({ keyword: '2' }),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 3 }] }),
  },
  {
    method: 'logs.listByToken',
    reply: ok([log(4)]),
    call: (c) => c.logs.listByToken({ key: 'sk-kkk' }),
    check: (r, calls) => {
      expect(calls[0]!.url.searchParams.get('key')).toBe('sk-kkk');
      expect(r).toMatchObject({ items: [{ id: 4 }] });
    },
  },
  {
    method: 'logs.stat',
    reply: ok({ quota: 150, rpm: 1, tpm: 150 }),
    call: (c) => c.logs.stat({ model_name: 'gpt-4o-mini' }),
    path: '/api/log/stat?model_name=gpt-4o-mini',
    check: (r) => expect(r).toEqual({ quota: 150, rpm: 1, tpm: 150 }),
  },
  {
    method: 'logs.statSelf',
    reply: ok({ quota: 0, rpm: 0, tpm: 0 }),
    call: (c) => c.logs.statSelf(),
    check: (r) => expect(r).toEqual({ quota: 0, rpm: 0, tpm: 0 }),
  },
  {
    method: 'logs.delete',
    reply: ok(12),
    call: (c) => c.logs.delete(1_741_132_800),
    path: '/api/log/?target_timestamp=1741132800',
    check: (r) => expect(r).toBe(12),
  },
  {
    method: 'data.list',
    reply: ok([quotaData]),
    call: (c) =>
      c.data.list({ start_timestamp: 1_741_000_000, end_timestamp: 1_741_132_800, username: 'alice' }),
    check: (r) => expect(r).toMatchObject({ items: [{ model_name: 'gpt-4o-mini', token_used: 150 }] }),
  },
  {
    method: 'data.listSelf',
    reply: ok([quotaData]),
    call: (c) => c.data.listSelf({ start_timestamp: 1, end_timestamp: 2 }),
    check: (r) => expect(r).toMatchObject({ items: [{ quota: 150 }] }),
  },
  {
    method: 'data.byUser',
    reply: ok([{ user_id: 2, username: 'alice', quota: 150, count: 3, token_used: 300 }]),
    call: (c) => c.data.byUser({ start_timestamp: 1_741_000_000, end_timestamp: 1_741_132_800 }),
    path: '/api/data/users?start_timestamp=1741000000&end_timestamp=1741132800',
    check: (r) =>
      expect(r).toEqual([{ user_id: 2, username: 'alice', quota: 150, count: 3, token_used: 300 }]),
  },
  {
    method: 'data.byChannel',
    reply: ok(null),
    call: (c) => c.data.byChannel({ start_timestamp: 1, end_timestamp: 2 }),
    check: (r) => expect(r).toEqual([]),
  },
  {
    method: 'drawings.list',
    reply: ok([drawing(1)]),
    call: (c) => c.drawings.list({ channel_id: 2, mj_id: '174111' }),
    check: (r, calls) => {
      expect(calls[0]!.url.searchParams.get('p')).toBe('0');
      expect(r).toMatchObject({ items: [{ action: 'IMAGINE', status: 'SUCCESS' }] });
    },
  },
  {
    method: 'drawings.listSelf',
    reply: ok([drawing(2)]),
    call: (c) => c.drawings.listSelf(),
    check: (r) => expect(r).toMatchObject({ items: [{ id: 2 }] }),
  },
  {
    method: 'tasks.list',
    reply: ok([task(1)]),
    call: (c) => c.tasks.list({ platform: 'suno', status: 'SUCCESS' }),
    check: (r) => expect(r).toMatchObject({ items: [{ platform: 'suno' }] }),
  },
  {
    method: 'tasks.listSelf',
    reply: ok([task(2)]),
    call: (c) => c.tasks.listSelf(),
    check: (r) => expect(r).toMatchObject({ items: [{ task_id: 'task-2' }] }),
  },
  {
    method: 'playground.chat',
    reply: sse(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`),
    call: async (c) => {
      const chunks = [];
      for await (const piece of await c.playground.chat({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
      }))
        chunks.push(piece);
      return chunks;
    },
    check: (r) => expect(r).toMatchObject([{ choices: [{ delta: { content: 'hi' } }] }]),
  },
];
