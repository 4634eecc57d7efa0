import { describe, expect, it } from 'vitest';
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
  // pay() and amount() need online payment (Epay), a later issue.
});
