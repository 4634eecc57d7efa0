import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payParamsSchema } from '../schemas/wallet.js';
import { formatZodError, isMessageKey, issueParams, translate, translateIssue } from './translate.js';

describe('translate', () => {
  it('answers Chinese by default and English on request', () => {
    expect(translate('user.passwordsDiffer')).toBe('两次输入的密码不一致！');
    expect(translate('user.passwordsDiffer', 'en')).toBe('two passwords differ');
  });

  it('fills {name} placeholders and leaves unknown ones', () => {
    expect(translate('wallet.topUpAmountTooSmall', 'en', { min: 5 })).toBe(
      'top-up amount cannot be less than 5',
    );
    expect(translate('relay.noAvailableChannel', 'zh', { group: 'vip', model: 'gpt-4o' })).toBe(
      '当前分组 vip 下对于模型 gpt-4o 无可用渠道',
    );
    expect(translate('wallet.topUpAmountTooSmall', 'en')).toBe('top-up amount cannot be less than {min}');
  });

  it('passes through a text that is not a key', () => {
    expect(translate('上游返回错误', 'en')).toBe('上游返回错误');
    expect(isMessageKey('上游返回错误')).toBe(false);
    expect(isMessageKey('auth.userBanned')).toBe(true);
  });
});

describe('formatZodError', () => {
  it('translates the first issue with the minimum it carries', () => {
    const result = payParamsSchema({ minTopUp: 10 }).safeParse({ amount: 3, payment_method: 'zfb' });
    expect(result.success).toBe(false);
    expect(formatZodError(result.error!, 'en')).toBe('top-up amount cannot be less than 10');
    expect(formatZodError(result.error!, 'zh')).toBe('充值数量不能小于 10');
  });

  it('reads params of custom issues', () => {
    const schema = z.number().refine(() => false, { message: 'common.tooLarge', params: { max: 7 } });
    const issue = schema.safeParse(1).error!.issues[0]!;
    expect(issueParams(issue)).toEqual({ max: 7 });
    expect(translateIssue(issue, 'en')).toBe('must not be greater than 7');
  });

  it("keeps zod's own text with the path when the message is not a key", () => {
    const error = z.object({ a: z.number() }).safeParse({ a: 'x' }).error!;
    expect(formatZodError(error, 'en')).toMatch(/^a: Invalid input/);
  });

  it('falls back to a generic text without issues', () => {
    expect(formatZodError({ issues: [] }, 'en')).toBe('invalid input');
  });
});
