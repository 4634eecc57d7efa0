import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { OnlineTopUpCard } from '../components/online-topup-card';

// The wallet half of the SDK client, answering as the server's /api/user/amount and /api/user/pay do (their
// real answers are covered by the server, mock-server and SDK contract suites).
const wallet = {
  amount: vi.fn(async ({ amount }: { amount: number }) => (amount * 7.3).toFixed(2)),
  pay: vi.fn(async ({ amount, payment_method }: { amount: number; payment_method: string }) => ({
    url: 'http://127.0.0.1:9/submit.php',
    fields: {
      pid: '1001',
      type: payment_method === 'zfb' ? 'alipay' : 'wxpay',
      name: `TUC${amount}`,
      sign: 'ab',
    },
  })),
};
vi.mock('../../../lib/sdk', () => ({ sdk: async () => ({ wallet }), resetSdk: () => undefined }));

describe('online top-up card', () => {
  let submitted: { action: string; method: string; target: string; fields: Record<string, string> }[];

  beforeEach(() => {
    submitted = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const fields = Object.fromEntries(
        [...this.querySelectorAll('input')].map((input) => [input.name, input.value]),
      );
      submitted.push({ action: this.action, method: this.method.toLowerCase(), target: this.target, fields });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    wallet.amount.mockClear();
    wallet.pay.mockClear();
  });

  it('quotes the price, asks for confirmation, then posts the signed form to Epay', async () => {
    renderScreen(<OnlineTopUpCard />, { url: '/topup', status: { enable_online_topup: true, min_topup: 1 } });
    await userEvent.click(screen.getByRole('button', { name: '$10' }));
    await userEvent.type(screen.getByLabelText('优惠码（可选）'), 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: '支付宝' }));
    expect(wallet.amount).toHaveBeenCalledWith({ amount: 10, top_up_code: 'SPRING' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('充值数量：10');
    expect(dialog.textContent).toContain('实付金额：73.00 元');
    expect(wallet.pay).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(wallet.pay).toHaveBeenCalledWith({ amount: 10, top_up_code: 'SPRING', payment_method: 'zfb' });
    expect(submitted[0]).toEqual({
      action: 'http://127.0.0.1:9/submit.php',
      method: 'post',
      target: '_blank',
      fields: { pid: '1001', type: 'alipay', name: 'TUC10', sign: 'ab' },
    });
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    renderScreen(<OnlineTopUpCard />, { url: '/topup', status: { enable_online_topup: true } });
    await userEvent.click(screen.getByRole('button', { name: '微信' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wallet.pay).not.toHaveBeenCalled();
    expect(submitted).toEqual([]);
  });

  it('takes quota units when the site does not display currency', async () => {
    renderScreen(<OnlineTopUpCard />, {
      url: '/topup',
      status: {
        enable_online_topup: true,
        display_in_currency: false,
        min_topup: 2,
        quota_per_unit: 500_000,
      },
    });
    const amount = screen.getByLabelText('充值数量（额度）') as HTMLInputElement;
    expect(amount.value).toBe('1000000');
    expect(screen.queryByRole('button', { name: '$10' })).toBeNull();
    await userEvent.clear(amount);
    await userEvent.type(amount, '500000');
    await userEvent.click(screen.getByRole('button', { name: '支付宝' }));
    expect(screen.getByRole('alert').textContent).toBe('充值数量不能小于 1000000');
    expect(wallet.amount).not.toHaveBeenCalled();
  });
});
