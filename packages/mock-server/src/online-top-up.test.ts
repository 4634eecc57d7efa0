import type { AddressInfo } from 'node:net';
import { BusinessError, Client, LogType } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bootstrapRoot,
  buildApp,
  hashPassword,
  insertReturningId,
  openTestDb,
  testConfig,
  testDialects,
  type AppContext,
} from './server-api.js';
import { startEpayServer, type FakeEpay } from './upstreams/epay.js';
import { createMockServer, type MockServer } from './index.js';

/**
 * Online top-up end to end: the real server on loopback, the SDK as the console's client, and a fake Epay
 * gateway that checks our signed form and calls our notify URL with signed notifications.
 */
describe.each(testDialects())('online top-up through Epay on %s', (dialect) => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let closeDb: () => Promise<void>;
  let epay: FakeEpay;
  let url: string;
  let alice: Client;
  let aliceId: number;
  const notifyUrl = () => `${url}/api/user/epay/notify`;

  const configure = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await ctx.options.set(key, value);
  };
  const quota = async () =>
    Number(
      (await ctx.db.selectFrom('users').select('quota').where('id', '=', aliceId).executeTakeFirstOrThrow())
        .quota,
    );
  const order = (tradeNo: string) =>
    ctx.db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const topUpLogs = (tradeNoMoney: number) =>
    ctx.db
      .selectFrom('logs')
      .select(['content', 'username'])
      .where('user_id', '=', aliceId)
      .where('type', '=', LogType.TopUp)
      .where('content', 'like', `%${tradeNoMoney.toFixed(6)}%`)
      .execute();

  /** Starts a payment as the console does and submits its form to the gateway; answers our trade number. */
  const placeOrder = async (amount: number, method = 'zfb') => {
    const form = await alice.wallet.pay({ amount, payment_method: method });
    expect(await epay.submit(form.url, form.fields)).toBe(200);
    return form.fields.out_trade_no!;
  };

  beforeAll(async () => {
    epay = await startEpayServer({ pid: '1001', key: 'k3y-for-tests' });
    const testDb = await openTestDb(dialect);
    closeDb = testDb.close;
    ({ app, ctx } = await buildApp({ db: testDb.db, config: testConfig() }));
    await bootstrapRoot(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    aliceId = await insertReturningId(ctx.db, 'users', {
      username: 'alice',
      password: await hashPassword('alice-password'),
      role: 1,
      group: 'vip',
    });
    alice = new Client({ baseUrl: url, lang: 'en', maxRetries: 0, strictResponses: true });
    await alice.users.login({ username: 'alice', password: 'alice-password' });
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
    await epay?.close();
  });
  beforeEach(() =>
    configure({
      ServerAddress: url,
      CustomCallbackAddress: '',
      PayAddress: epay.url,
      EpayId: epay.pid,
      EpayKey: epay.key,
      Price: '7.3',
      MinTopUp: '1',
      TopupGroupRatio: '{"default":1,"vip":1.5}',
      DisplayInCurrencyEnabled: 'true',
    }),
  );

  it('quotes amount × Price × TopupGroupRatio and announces online top-up in status', async () => {
    expect((await alice.status.get()).enable_online_topup).toBe(true);
    expect(await alice.wallet.amount({ amount: 10 })).toBe('109.50');
  });

  it('sends the gateway a form it accepts, with our notify and return URLs', async () => {
    const form = await alice.wallet.pay({ amount: 2, payment_method: 'wx' });
    expect(form.url).toBe(`${epay.url}/submit.php`);
    expect(form.fields).toMatchObject({
      pid: '1001',
      type: 'wxpay',
      name: 'TUC2',
      money: '21.90',
      device: 'pc',
      sign_type: 'MD5',
      notify_url: notifyUrl(),
      return_url: `${url}/log`,
    });
    expect(form.fields.out_trade_no).toMatch(new RegExp(`^USR${aliceId}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(await epay.submit(form.url, form.fields)).toBe(200);
    expect(epay.submissions.at(-1)?.error).toBeNull();
    // The gateway refuses a form whose money was changed after signing.
    expect(await epay.submit(form.url, { ...form.fields, money: '0.01', out_trade_no: 'x1' })).toBe(400);
    expect(epay.submissions.at(-1)?.error).toBe('bad signature');
    expect(await order(form.fields.out_trade_no!)).toMatchObject({
      user_id: aliceId,
      amount: 2,
      status: 'pending',
    });
  });

  it('credits a paid order exactly once under 10 concurrent duplicate notifications', async () => {
    const tradeNo = await placeOrder(3);
    const before = await quota();
    const heard: number[][] = [];
    const listener = (ids: readonly number[]) => void heard.push([...ids]);
    ctx.events.on('users', listener);
    const answers = await Promise.all(Array.from({ length: 10 }, () => epay.notify(tradeNo)));
    ctx.events.off('users', listener);
    expect(answers).toEqual(Array(10).fill('success'));
    expect((await quota()) - before).toBe(3 * 500_000);
    expect((await order(tradeNo)).status).toBe('success');
    // One log for the one credit, in new-api's wording.
    const logs = await topUpLogs(32.85);
    expect(logs).toEqual([
      { username: 'alice', content: '使用在线充值成功，充值金额: ＄3.000000 额度，支付金额：32.850000' },
    ]);
    // The relay's cached balances were told (once) that alice's quota moved.
    expect(heard).toEqual([[aliceId]]);
    // A later replay is acknowledged and credits nothing.
    expect(await epay.notify(tradeNo)).toBe('success');
    expect((await quota()) - before).toBe(3 * 500_000);
    const page = await alice.wallet.orders({ keyword: tradeNo });
    expect(page.items).toEqual([
      expect.objectContaining({ trade_no: tradeNo, status: 'success', amount: 3 }),
    ]);
  });

  it('refuses a tampered amount, signed or not, and credits nothing', async () => {
    const tradeNo = await placeOrder(1);
    const before = await quota();
    expect(await epay.notify(tradeNo, { tamper: { money: '0.01' } })).toBe('fail');
    // Signed with the merchant key yet naming other money than the order's (10.95).
    expect(await epay.notify(tradeNo, { override: { money: '0.01' } })).toBe('fail');
    expect(await quota()).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');
    expect(await epay.notify(tradeNo, { override: { money: '10.950' } })).toBe('success');
    expect((await quota()) - before).toBe(500_000);
  });

  it('refuses bad signatures, other merchants and unknown orders', async () => {
    const tradeNo = await placeOrder(1);
    const before = await quota();
    expect(await epay.notify(tradeNo, { key: 'guessed-key' })).toBe('fail');
    expect(await epay.notify(tradeNo, { unsigned: true })).toBe('fail');
    expect(await epay.notify(tradeNo, { tamper: { sign: 'F'.repeat(32) } })).toBe('fail');
    expect(await epay.notify(tradeNo, { tamper: { type: 'wxpay' } })).toBe('fail');
    expect(await epay.notify(tradeNo, { override: { pid: '2002' } })).toBe('fail');
    const fields = {
      pid: epay.pid,
      trade_no: '1',
      out_trade_no: `USR${aliceId}NOabcdef1700000000`,
      type: 'alipay',
      name: 'TUC1',
      money: '10.95',
      trade_status: 'TRADE_SUCCESS',
    };
    expect(await epay.notifyRaw(notifyUrl(), fields)).toBe('fail');
    expect(await quota()).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');
  });

  it('acknowledges a signed notice of an unpaid trade without crediting, and accepts POSTed notices', async () => {
    const tradeNo = await placeOrder(1);
    const before = await quota();
    expect(await epay.notify(tradeNo, { override: { trade_status: 'WAIT_BUYER_PAY' } })).toBe('success');
    expect(await quota()).toBe(before);
    expect(await epay.notify(tradeNo, { post: true })).toBe('success');
    expect((await quota()) - before).toBe(500_000);
  });

  it('refuses an amount below MinTopUp with the spec message and records no order', async () => {
    await configure({ MinTopUp: '5' });
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('top_ups')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const orders = await count();
    const refusal = alice.wallet.pay({ amount: 3, payment_method: 'zfb' });
    await expect(refusal).rejects.toBeInstanceOf(BusinessError);
    await expect(refusal).rejects.toThrow('top-up amount cannot be less than 5');
    await expect(alice.wallet.amount({ amount: 4 })).rejects.toThrow('top-up amount cannot be less than 5');
    expect(await count()).toBe(orders);
  });

  it('turns off with any Epay setting missing: status, payment and notifications', async () => {
    const tradeNo = await placeOrder(1);
    const before = await quota();
    await configure({ EpayKey: '' });
    expect((await alice.status.get()).enable_online_topup).toBe(false);
    await expect(alice.wallet.pay({ amount: 1, payment_method: 'zfb' })).rejects.toThrow(
      'the administrator has not configured online payment',
    );
    expect(await epay.notify(tradeNo)).toBe('fail');
    expect(await quota()).toBe(before);
    await configure({ EpayKey: epay.key, CustomCallbackAddress: `${url}/` });
    expect(await epay.notify(tradeNo)).toBe('success');
    expect((await quota()) - before).toBe(500_000);
  });
});

describe('online top-up on the mock server', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ seed: 3, epay: true });
  });
  afterAll(() => mock?.close());

  const chat = () =>
    fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        max_tokens: 16,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });

  it('lets a broke user relay again as soon as the payment is notified (no stale cached balance)', async () => {
    const { alice } = mock.credentials.users;
    const client = new Client({ baseUrl: mock.url, lang: 'en', maxRetries: 0 });
    await client.users.login({ username: alice.username, password: alice.password });
    await mock.db.updateTable('users').set({ quota: 0 }).where('username', '=', alice.username).execute();
    expect((await client.status.get()).enable_online_topup).toBe(true);
    const form = await client.wallet.pay({ amount: 1, payment_method: 'zfb' });
    expect(await mock.epay!.submit(form.url, form.fields)).toBe(200);
    // Refused, and the relay now holds alice's empty balance in its cache.
    const broke = await chat();
    expect(broke.status).toBe(403);
    await broke.arrayBuffer();
    // The cashier page's Pay button: the gateway notifies the server, then sends the browser to return_url.
    const paid = await fetch(`${mock.epay!.url}/pay.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: form.fields.out_trade_no! }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(`${mock.url}/log`);
    expect((await client.users.self.get()).quota).toBe(500_000);
    const res = await chat();
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
