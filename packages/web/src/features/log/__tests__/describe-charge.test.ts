import { LogSchema } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';
import { describeCharge } from '../describe-charge';

const log = (other: object, extra: object = {}) =>
  LogSchema.parse({
    id: 1,
    type: 2,
    prompt_tokens: 100,
    completion_tokens: 50,
    quota: 1125,
    other: JSON.stringify(other),
    ...extra,
  });

describe('describeCharge', () => {
  it('spells out the token formula with every ratio', () => {
    const lines = describeCharge(log({ model_ratio: 7.5, group_ratio: 1, completion_ratio: 4, frt: 1200 }));
    expect(lines[0]).toBe('模型倍率 7.5 × 分组倍率 1 × （提示 100 + 补全 50 × 补全倍率 4）');
    expect(lines).toContain('合计 1125 额度（$0.002250）');
    expect(lines).toContain('首字时间 1.20 秒');
  });

  it('shows a per-call price instead when the model is priced per call', () => {
    const lines = describeCharge(log({ model_price: 0.04, group_ratio: 2 }, { quota: 40000 }));
    expect(lines[0]).toBe('按次计费：模型价格 $0.04 × 分组倍率 2');
  });

  it('says nothing for a log without pricing details', () => {
    expect(describeCharge(log({}))).toEqual([]);
  });
});
