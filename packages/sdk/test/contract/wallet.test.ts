import { startEpayServer, type FakeEpay } from '@switchboard/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { RedemptionStatus } from '../../src/index.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.wallet', () => {
  it('redeems a code: the quota added is what the balance grows by', async () => {
    const [key] = await env.admin.redemptions.create({ name: uniq('ct-topup'), quota: 750_000 });
    const before = (await env.alice.users.self.get()).quota;
    expect(await env.alice.wallet.topUp({ key: key! })).toBe(750_000);
    expect((await env.alice.users.self.get()).quota).toBe(before + 750_000);
  });

  it('refuses a used code, an unknown code, and an empty one before sending', async () => {
    const [key] = await env.admin.redemptions.create({ name: uniq('ct-once'), quota: 1000 });
    await env.alice.wallet.topUp({ key: key! });
    await expect(env.alice.wallet.topUp({ key: key! })).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.wallet.topUp({ key: 'f'.repeat(32) })).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.wallet.topUp({ key: '  ' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('marks the redeemed code as used by the redeemer', async () => {
    const [key] = await env.admin.redemptions.create({ name: uniq('ct-mark'), quota: 1000 });
    await env.alice.wallet.topUp({ key: key! });
    const page = await env.admin.redemptions.search({ keyword: uniq('ct-mark') });
    expect(page.items[0]).toMatchObject({
      status: RedemptionStatus.Used,
      used_user_id: Number(env.alice.userId),
    });
  });
});

/**
 * Online payment against a fake Epay gateway on loopback. On a live server whose online top-up is already
 * configured these tests stay away: the merchant key is a secret the options list cannot give back.
 */
describe('client.wallet online payment', () => {
  let epay: FakeEpay;
  let configured = false;
  const touched = ['ServerAddress', 'PayAddress', 'EpayId', 'EpayKey', 'Price', 'MinTopUp'];
  let saved: { key: string; value: string }[] = [];

  beforeAll(async () => {
    epay = await startEpayServer();
    configured = (await env.anonymous.status.get()).enable_online_topup === true;
    if (configured) return;
    saved = (await env.root.options.list()).filter((e) => touched.includes(e.key));
  });
  afterAll(async () => {
    if (!configured) {
      await env.root.options.updateMany([{ key: 'EpayKey', value: '' }, ...saved]);
    }
    await epay?.close();
  });

  it('refuses to start a payment while online top-up is off', async ({ skip }) => {
    if (configured) skip();
    const refusal = env.alice.wallet.pay({ amount: 1, payment_method: 'zfb' });
    await expect(refusal).rejects.toBeInstanceOf(BusinessError);
    await expect(refusal).rejects.toThrow('the administrator has not configured online payment');
  });

  it('quotes, pays through the gateway and lists the credited order', async ({ skip }) => {
    if (configured) skip();
    await env.root.options.updateMany([
      { key: 'ServerAddress', value: env.url },
      { key: 'PayAddress', value: epay.url },
      { key: 'EpayId', value: epay.pid },
      { key: 'EpayKey', value: epay.key },
      { key: 'Price', value: '7.3' },
      { key: 'MinTopUp', value: '1' },
    ]);
    expect((await env.alice.status.get()).enable_online_topup).toBe(true);
    expect(await env.alice.wallet.amount({ amount: 2 })).toMatch(/^\d+\.\d{2}$/);
    await expect(env.alice.wallet.amount({ amount: 0 })).rejects.toBeInstanceOf(ValidationError);

    const form = await env.alice.wallet.pay({ amount: 2, payment_method: 'zfb' });
    expect(form.url).toBe(`${epay.url}/submit.php`);
    expect(form.fields).toMatchObject({ pid: epay.pid, type: 'alipay', name: 'TUC2', sign_type: 'MD5' });
    expect(await epay.submit(form.url, form.fields)).toBe(200);
    const tradeNo = form.fields.out_trade_no!;
    const pending = await env.alice.wallet.orders({ keyword: tradeNo });
    expect(pending.items).toEqual([
      expect.objectContaining({ trade_no: tradeNo, status: 'pending', amount: 2 }),
    ]);

    const before = (await env.alice.users.self.get()).quota;
    expect(await epay.notify(tradeNo)).toBe('success');
    const perUnit = (await env.alice.status.get()).quota_per_unit;
    expect((await env.alice.users.self.get()).quota).toBe(before + 2 * perUnit);
    const paid = await env.alice.wallet.orders();
    expect(paid.items[0]).toMatchObject({ trade_no: tradeNo, status: 'success' });
    // Someone else's history does not show it.
    expect((await env.admin.wallet.orders({ keyword: tradeNo })).items).toEqual([]);
  });
});
