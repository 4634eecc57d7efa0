import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { epaySign, verifyEpaySign } from './epay-sign.js';
import { markTopUpPaid } from './top-ups.repository.js';

describe('Epay signature', () => {
  it('matches go-epay: sorted, sign/sign_type/empty values left out, key appended, MD5 hex', () => {
    // go-epay's own test vector: MD5("device=devicev&money=moneyv" + "1234567").
    const vector = { money: 'moneyv', device: 'devicev', sign: 'x', sign_type: 'MD5', empty: '' };
    expect(epaySign(vector, '1234567')).toBe('3854cc9f022e0fb821bd2e002260245d');
  });

  it('verifies only the right signature, never with an empty key', () => {
    const fields = { pid: '1', money: '7.30', out_trade_no: 'USR1NOabcdef1' };
    const sign = epaySign(fields, 'k');
    expect(verifyEpaySign({ ...fields, sign }, 'k')).toBe(true);
    expect(verifyEpaySign({ ...fields, sign: sign.toUpperCase() }, 'k')).toBe(true);
    expect(verifyEpaySign({ ...fields, sign }, 'other')).toBe(false);
    expect(verifyEpaySign({ ...fields, money: '7.31', sign }, 'k')).toBe(false);
    expect(verifyEpaySign({ ...fields, sign: epaySign(fields, '') }, '')).toBe(false);
    expect(verifyEpaySign(fields, 'k')).toBe(false);
    expect(verifyEpaySign({ ...fields, sign: 'not-hex' }, 'k')).toBe(false);
  });
});

describe.each(testDialects())('online top-up routes on %s', (dialect) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;

  const post = (who: Caller | null, url: string, payload: unknown, lang = 'zh') =>
    t.call({
      method: 'POST',
      url,
      headers: { ...(who?.headers ?? {}), 'accept-language': lang },
      payload: payload as object,
    });
  const configure = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await t.ctx.options.set(key, value);
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    alice = await t.userWithRole(1, { group: 'svip' });
    bob = await t.userWithRole(1);
  });
  afterAll(() => t.close());
  beforeEach(() =>
    configure({
      ServerAddress: 'https://gw.example.com',
      CustomCallbackAddress: '',
      PayAddress: 'https://pay.example.com',
      EpayId: '1001',
      EpayKey: 'merchant-key',
      Price: '7.3',
      MinTopUp: '1',
      TopupGroupRatio: '{"default":1,"vip":1,"svip":0}',
      DisplayInCurrencyEnabled: 'true',
      QuotaPerUnit: '500000',
    }),
  );

  it('quotes the price in new-api’s non-envelope shape', async () => {
    const res = await post(alice, '/api/user/amount', { amount: 10, top_up_code: '' });
    expect(res.statusCode).toBe(200);
    // svip's ratio 0 counts as 1, as in new-api.
    expect(res.json()).toEqual({ message: 'success', data: '73.00' });
    await configure({ TopupGroupRatio: '{"default":2.5}' });
    expect((await post(bob, '/api/user/amount', { amount: 3 })).json().data).toBe('54.75');
  });

  it('refuses bad amounts with new-api’s reasons, in the caller’s language', async () => {
    const refusal = async (body: unknown, lang = 'zh') =>
      (await post(alice, '/api/user/amount', body, lang)).json();
    expect(await refusal({ amount: 0 })).toEqual({ message: 'error', data: '充值数量不能小于 1' });
    expect(await refusal({})).toEqual({ message: 'error', data: '充值数量不能小于 1' });
    expect(await refusal({ amount: -5 }, 'en')).toEqual({
      message: 'error',
      data: 'top-up amount cannot be less than 1',
    });
    expect(await refusal({ amount: '10' })).toEqual({ message: 'error', data: '参数错误' });
    expect(await refusal({ amount: 1.5 })).toEqual({ message: 'error', data: '参数错误' });
    expect(await refusal({ amount: 1, payment_method: 7 })).toEqual({ message: 'error', data: '参数错误' });
    expect(await refusal({ amount: Number.MAX_SAFE_INTEGER })).toEqual({
      message: 'error',
      data: '参数错误',
    });
    await configure({ MinTopUp: '20' });
    expect(await refusal({ amount: 19 })).toEqual({ message: 'error', data: '充值数量不能小于 20' });
    await configure({ MinTopUp: '1', Price: '0.001' });
    expect(await refusal({ amount: 1 })).toEqual({ message: 'error', data: '充值金额过低' });
  });

  it('takes quota units when the site does not display currency, whole units only', async () => {
    await configure({ DisplayInCurrencyEnabled: 'false' });
    const quote = async (amount: number) => (await post(alice, '/api/user/amount', { amount })).json();
    expect(await quote(1_000_000)).toEqual({ message: 'success', data: '14.60' });
    expect(await quote(400_000)).toEqual({ message: 'error', data: '充值数量不能小于 500000' });
    expect(await quote(750_000)).toEqual({ message: 'error', data: '充值数量必须是 500000 的整数倍' });
    const pay = (await post(alice, '/api/user/pay', { amount: 1_500_000, payment_method: 'zfb' })).json();
    expect(pay.data).toMatchObject({ name: 'TUC1500000', money: '21.90' });
    const order = await t.ctx.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', pay.data.out_trade_no)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: alice.id, amount: 3, status: 'pending' });
    expect(order.money).toBeCloseTo(21.9, 9);
  });

  it('answers the signed Epay form and records a pending order', async () => {
    await configure({
      PayAddress: 'https://pay.example.com/epay/',
      CustomCallbackAddress: 'https://cb.example.com',
    });
    const res = await post(bob, '/api/user/pay', { amount: 2, payment_method: 'zfb', top_up_code: 'x' });
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'message', 'url']);
    expect(body).toMatchObject({ message: 'success', url: 'https://pay.example.com/epay/submit.php' });
    expect(body.data).toEqual({
      pid: '1001',
      type: 'alipay',
      out_trade_no: expect.stringMatching(new RegExp(`^USR${bob.id}NO[0-9A-Za-z]{6}\\d+$`)),
      notify_url: 'https://cb.example.com/api/user/epay/notify',
      return_url: 'https://gw.example.com/log',
      name: 'TUC2',
      money: '14.60',
      device: 'pc',
      sign_type: 'MD5',
      sign: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(verifyEpaySign(body.data, 'merchant-key')).toBe(true);
    expect((await post(bob, '/api/user/pay', { amount: 2, payment_method: 'wx' })).json().data.type).toBe(
      'wxpay',
    );
    expect((await post(bob, '/api/user/pay', { amount: 2, payment_method: 'qq' })).json().data.type).toBe(
      'wxpay',
    );
  });

  it('refuses payment when Epay is not configured, and anonymous callers', async () => {
    await configure({ EpayId: '' });
    expect((await post(bob, '/api/user/pay', { amount: 2, payment_method: 'zfb' })).json()).toEqual({
      message: 'error',
      data: '当前管理员未配置支付信息',
    });
    await configure({ EpayId: '1001', PayAddress: 'not a url' });
    expect((await post(bob, '/api/user/pay', { amount: 2 })).json().data).toBe('当前管理员未配置支付信息');
    expect((await post(null, '/api/user/pay', { amount: 2 })).statusCode).toBe(401);
    expect((await post(null, '/api/user/amount', { amount: 2 })).statusCode).toBe(401);
    const notify = await t.call({ method: 'GET', url: '/api/user/epay/notify?out_trade_no=x&sign=y' });
    expect(notify.statusCode).toBe(200);
    expect(notify.headers['content-type']).toMatch(/^text\/plain/);
    expect(notify.body).toBe('fail');
  });

  it('lists only the caller’s own orders, newest first, with paging and a trade-number search', async () => {
    const placed: string[] = [];
    for (const amount of [1, 2, 3]) {
      placed.push(
        (await post(alice, '/api/user/pay', { amount, payment_method: 'zfb' })).json().data.out_trade_no,
      );
    }
    const list = async (who: Caller, query: string) =>
      (await t.call({ method: 'GET', url: `/api/user/topup/self${query}`, headers: who.headers })).json();
    const page = await list(alice, '?p=1&page_size=2');
    expect(page.success).toBe(true);
    expect(page.data).toMatchObject({ page: 1, page_size: 2 });
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual([placed[2], placed[1]]);
    expect(Object.keys(page.data.items[0]).sort()).toEqual(
      ['amount', 'create_time', 'id', 'money', 'status', 'trade_no', 'user_id'].sort(),
    );
    expect((await list(alice, `?keyword=${placed[0]}`)).data.items).toHaveLength(1);
    const bobs = (await list(bob, '?page_size=100')).data.items as { trade_no: string; user_id: number }[];
    expect(bobs.every((o) => o.user_id === bob.id)).toBe(true);
    expect(bobs.some((o) => placed.includes(o.trade_no))).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/user/topup/self' })).statusCode).toBe(401);
  });

  it('moves an order from pending to success once: the conditional update is the lock', async () => {
    const tradeNo = (await post(bob, '/api/user/pay', { amount: 1, payment_method: 'zfb' })).json().data
      .out_trade_no;
    const { id } = await t.ctx.db
      .selectFrom('top_ups')
      .select('id')
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
    expect(await markTopUpPaid(t.ctx.db, id)).toBe(1);
    expect(await markTopUpPaid(t.ctx.db, id)).toBe(0);
  });
});
