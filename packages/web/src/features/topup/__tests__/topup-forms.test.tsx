import { UserSchema } from '@switchboard/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { topupKeys } from '../api/keys';
import { AffiliateCard } from '../components/affiliate-card';
import { OnlineTopUpCard } from '../components/online-topup-card';
import { RedeemCard } from '../components/redeem-card';

const self = UserSchema.parse({ id: 5, username: 'alice', quota: 5_000_000, aff_quota: 1_000_000 });
const queries: Array<[readonly unknown[], unknown]> = [
  [topupKeys.self, self],
  [topupKeys.affCode, 'AbCd'],
];

describe('wallet forms', () => {
  it('asks for the redemption code', async () => {
    renderScreen(<RedeemCard />, { url: '/topup' });
    await userEvent.click(screen.getByRole('button', { name: '兑换' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入兑换码！');
  });

  it('disables online top-up with the spec message when the site has it off', () => {
    renderScreen(<OnlineTopUpCard />, { url: '/topup', status: { enable_online_topup: false } });
    expect(screen.getByText('管理员未开启在线充值！')).toBeTruthy();
    expect((screen.getByRole('button', { name: '支付宝' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses an amount under the minimum', async () => {
    renderScreen(<OnlineTopUpCard />, {
      url: '/topup',
      status: { enable_online_topup: true, min_topup: 10 },
    });
    const amount = screen.getByLabelText('充值金额（美元）');
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(screen.getByRole('button', { name: '支付宝' }));
    expect(screen.getByRole('alert').textContent).toBe('充值数量不能小于 10');
  });

  it('moves at least one quota unit of invite earnings', async () => {
    renderScreen(<AffiliateCard />, { url: '/topup', queries });
    expect((screen.getByLabelText('邀请链接') as HTMLInputElement).value).toContain('/register?aff=AbCd');
    await userEvent.type(screen.getByLabelText('划转额度'), '1000');
    await userEvent.click(screen.getByRole('button', { name: '划转到余额' }));
    expect(screen.getByRole('alert').textContent).toBe('划转金额最低为 $1.00');
  });
});
