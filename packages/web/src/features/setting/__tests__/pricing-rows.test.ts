import { describe, expect, it } from 'vitest';
import { optionValues } from '../options/option-values';
import {
  applyBatch,
  rowPublicPrice,
  rowsFromOptions,
  rowsToOptions,
  unsetRows,
} from '../options/pricing-rows';

const stored = optionValues([
  { key: 'ModelRatio', value: '{"gpt-4o":1.25,"old":3}' },
  { key: 'ModelPrice', value: '{"dall-e-3":0.04}' },
  { key: 'CompletionRatio', value: '{"gpt-4o":4}' },
]);

describe('pricing rows', () => {
  it('reads one row per model named in any of the three maps', () => {
    expect(rowsFromOptions(stored)).toEqual([
      { name: 'dall-e-3', price: '0.04', ratio: '', completionRatio: '' },
      { name: 'gpt-4o', price: '', ratio: '1.25', completionRatio: '4' },
      { name: 'old', price: '', ratio: '3', completionRatio: '' },
    ]);
  });

  it('lists enabled models with neither a price nor a ratio', () => {
    expect(unsetRows(stored, ['gpt-4o', 'new-model', 'dall-e-3', 'new-model']).map((r) => r.name)).toEqual([
      'new-model',
    ]);
  });

  it('writes the rows back: a fixed price wins, deleted rows go, merge keeps the rest', () => {
    const rows = [
      { name: 'gpt-4o', price: '0.01', ratio: '1.25', completionRatio: '4' },
      { name: 'dall-e-3', price: '', ratio: '2', completionRatio: '' },
    ];
    expect(rowsToOptions(rows, stored, 'zh', true)).toEqual({
      ok: true,
      values: { ModelPrice: '{"gpt-4o":0.01}', ModelRatio: '{"dall-e-3":2}', CompletionRatio: '{}' },
    });
    const merged = rowsToOptions(
      [{ name: 'new', price: '', ratio: '1', completionRatio: '2' }],
      stored,
      'zh',
      false,
    );
    expect(merged).toEqual({
      ok: true,
      values: {
        ModelPrice: '{"dall-e-3":0.04}',
        ModelRatio: '{"gpt-4o":1.25,"old":3,"new":1}',
        CompletionRatio: '{"gpt-4o":4,"new":2}',
      },
    });
  });

  it('says which row is not a number, and rejects duplicate names', () => {
    expect(
      rowsToOptions([{ name: 'a', price: 'x', ratio: '', completionRatio: '' }], stored, 'zh', true),
    ).toEqual({
      ok: false,
      message: 'a: 请输入数字',
    });
    const twice = [
      { name: 'a', price: '', ratio: '1', completionRatio: '' },
      { name: 'a', price: '', ratio: '2', completionRatio: '' },
    ];
    expect(rowsToOptions(twice, stored, 'en', true)).toEqual({
      ok: false,
      message: 'the model name already exists',
    });
  });

  it('batch-fills the selected rows under the SDK rule', () => {
    const rows = rowsFromOptions(stored);
    const none = { models: [], mode: 'price' as const, price: '1', ratio: '', completionRatio: '' };
    expect(applyBatch(rows, none, 'zh')).toEqual({ ok: false, message: '请先选择模型' });
    const half = { models: ['old'], mode: 'ratio' as const, price: '', ratio: '2', completionRatio: '' };
    expect(applyBatch(rows, half, 'zh')).toEqual({ ok: false, message: '请同时填写模型倍率和补全倍率' });
    const bad = { models: ['old'], mode: 'price' as const, price: 'abc', ratio: '', completionRatio: '' };
    expect(applyBatch(rows, bad, 'zh')).toEqual({ ok: false, message: '请输入数字' });
    const ok = applyBatch(rows, { ...half, completionRatio: '3' }, 'zh');
    expect(ok.ok && ok.rows.find((r) => r.name === 'old')).toEqual({
      name: 'old',
      price: '',
      ratio: '2',
      completionRatio: '3',
    });
  });

  it('previews the default-group price a row will have, live', () => {
    const row = { name: 'gpt-4o', price: '', ratio: '2.5', completionRatio: '' };
    // The stored completion ratio of gpt-4o (4) is the row's own: emptied in the visual editor, the built-in 4 applies.
    expect(rowPublicPrice(row, stored, true)).toEqual({
      perCall: false,
      prompt: 5,
      completion: 20,
      ratioSet: true,
    });
    expect(rowPublicPrice({ ...row, completionRatio: '2' }, stored, true)).toMatchObject({ completion: 10 });
    expect(rowPublicPrice({ ...row, price: '0.5' }, stored, true)).toEqual({ perCall: true, call: 0.5 });
    expect(rowPublicPrice({ ...row, ratio: 'x' }, stored, true)).toBeUndefined();
  });
});
