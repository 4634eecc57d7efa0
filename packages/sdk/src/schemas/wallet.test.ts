import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  AmountParamsSchema,
  AmountResponseSchema,
  payParamsSchema,
  PayParamsSchema,
  PayResponseSchema,
  TopUpOrderSchema,
  TopUpParamsSchema,
} from './wallet.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('TopUpParamsSchema', () => {
  it('needs a code: "please enter the redemption code"', () => {
    expect(TopUpParamsSchema.parse({ key: ' abc ' })).toEqual({ key: 'abc' });
    const result = TopUpParamsSchema.safeParse({ key: '' });
    expect(formatZodError(result.error!, 'en')).toBe('please enter the redemption code');
    expect(formatZodError(result.error!, 'zh')).toBe('请输入兑换码！');
  });
});

describe('PayParamsSchema', () => {
  it('accepts an amount of at least 1 and a payment method', () => {
    expect(PayParamsSchema.parse({ amount: '10', payment_method: 'zfb' })).toEqual({
      amount: 10,
      payment_method: 'zfb',
      top_up_code: '',
    });
  });

  it('applies the minimum top-up: "top-up amount cannot be less than {min}"', () => {
    const result = payParamsSchema({ minTopUp: 5 }).safeParse({ amount: 4, payment_method: 'wx' });
    expect(result.error?.issues[0]?.message).toBe('wallet.topUpAmountTooSmall');
    expect(formatZodError(result.error!, 'en')).toBe('top-up amount cannot be less than 5');
    expect(firstMessage(payParamsSchema({ minTopUp: 0 }), { amount: 0, payment_method: 'wx' })).toBe(
      'wallet.topUpAmountTooSmall',
    );
  });

  it('needs an integer amount and a method', () => {
    expect(firstMessage(PayParamsSchema, { amount: 1.5, payment_method: 'wx' })).toBe('wallet.amountInteger');
    expect(firstMessage(PayParamsSchema, { amount: 2, payment_method: '' })).toBe(
      'wallet.paymentMethodRequired',
    );
  });

  it('prices an amount', () => {
    expect(AmountParamsSchema.parse({ amount: 3 })).toEqual({ amount: 3, top_up_code: '' });
  });
});

describe('wallet answers', () => {
  it('parses pay and amount answers, which are not enveloped', () => {
    const pay = PayResponseSchema.parse({
      message: 'success',
      data: { pid: 1001, type: 'alipay', out_trade_no: 'USR1NOab12cd1741165200', money: '73.00' },
      url: 'https://pay.example.com/submit.php',
    });
    expect(pay.data).toMatchObject({ pid: '1001', money: '73.00' });
    expect(PayResponseSchema.parse({ message: 'error', data: '充值数量不能小于 1' }).data).toBe(
      '充值数量不能小于 1',
    );
    expect(AmountResponseSchema.parse({ message: 'success', data: '7.30' }).data).toBe('7.30');
  });

  it('parses a top-up order', () => {
    const order = {
      id: 1,
      user_id: 7,
      amount: 10,
      money: 73,
      trade_no: 'USR7NOab12cd1741165200',
      create_time: 1741165200,
      status: 'success',
    };
    expect(TopUpOrderSchema.strict().parse(order)).toEqual(order);
  });
});
