import { describe, expect, it } from 'vitest';
import { exactUsd, percentChange } from '../options/price-format';
import { priceEffect, publicPrice, pricingMaps } from '../options/price-effect';
import { optionValues } from '../options/option-values';

const stored = optionValues([
  { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"gpt-4o":1.25,"claude-3-5-haiku-20241022":0.5}' },
  { key: 'ModelPrice', value: '{"dall-e-3":0.04}' },
  { key: 'CompletionRatio', value: '{}' },
  { key: 'GroupRatio', value: '{"default":1,"vip":0.5}' },
]);
const listed = [
  { model_name: 'gpt-4o-mini', enable_groups: ['default', 'vip'] },
  { model_name: 'gpt-4o', enable_groups: ['default'] },
  { model_name: 'dall-e-3', enable_groups: ['default', 'vip'] },
];
const withOption = (key: string, value: string) => ({ ...stored, [key]: value });

describe('publicPrice', () => {
  it('prices like /pricing: ratio × 2 × group per million, the completion ratio built in', () => {
    const maps = pricingMaps(stored);
    expect(publicPrice(maps, 'gpt-4o-mini', 'default')).toEqual({
      perCall: false,
      prompt: 0.15,
      completion: 0.6,
      ratioSet: true,
    });
    expect(publicPrice(maps, 'gpt-4o-mini', 'vip')).toMatchObject({ prompt: 0.075, completion: 0.3 });
    expect(publicPrice(maps, 'dall-e-3', 'vip')).toEqual({ perCall: true, call: 0.02 });
    expect(publicPrice(maps, 'unknown-model', 'default')).toMatchObject({ prompt: 0, ratioSet: false });
  });
});

describe('priceEffect', () => {
  it('lists each model whose default-group price moves, old and new', () => {
    const effect = priceEffect(stored, withOption('ModelRatio', '{"gpt-4o-mini":0.1,"gpt-4o":1.25}'), listed);
    expect(effect.changes).toEqual([
      {
        model: 'gpt-4o-mini',
        group: 'default',
        groupRatio: { before: 1, after: 1 },
        before: { perCall: false, prompt: 0.15, completion: 0.6, ratioSet: true },
        after: { perCall: false, prompt: 0.2, completion: 0.8, ratioSet: true },
      },
    ]);
    // The haiku ratio was removed, but no enabled channel offers it, so /pricing never listed it.
    expect(effect.unlisted).toEqual(['claude-3-5-haiku-20241022']);
  });

  it('shows a group ratio change on every model that group offers', () => {
    const effect = priceEffect(stored, withOption('GroupRatio', '{"default":1,"vip":0.8}'), listed);
    expect(effect.changes.map((c) => [c.model, c.group, c.groupRatio.after])).toEqual([
      ['dall-e-3', 'vip', 0.8],
      ['gpt-4o-mini', 'vip', 0.8],
    ]);
    expect(effect.changes[1]!.after).toMatchObject({ prompt: 0.12, completion: 0.48 });
  });

  it('follows a switch from per-token to per-call billing and completion wildcards', () => {
    const perCall = priceEffect(stored, withOption('ModelPrice', '{"dall-e-3":0.04,"gpt-4o":0.01}'), listed);
    expect(perCall.changes).toHaveLength(1);
    expect(perCall.changes[0]).toMatchObject({ model: 'gpt-4o', after: { perCall: true, call: 0.01 } });
    const wildcard = priceEffect(stored, withOption('CompletionRatio', '{"gpt-4o*":2}'), listed);
    expect(wildcard.changes.map((c) => [c.model, c.after.perCall ? 0 : c.after.completion])).toEqual([
      ['gpt-4o', 5],
      ['gpt-4o-mini', 0.3],
    ]);
  });

  it('reports nothing when only descriptions change', () => {
    const effect = priceEffect(stored, withOption('UserUsableGroups', '{"default":"x"}'), listed);
    expect(effect).toEqual({ changes: [], unlisted: [] });
  });
});

describe('price formatting', () => {
  it('keeps every decimal the exact price has, at least four', () => {
    expect(exactUsd(0.15)).toBe('$0.1500');
    expect(exactUsd(0.0000123)).toBe('$0.0000123');
    expect(exactUsd(0.04, 2)).toBe('$0.04');
    expect(percentChange(0.15, 0.2)).toBe('+33.33%');
    expect(percentChange(0.2, 0.1)).toBe('-50%');
    expect(percentChange(0, 0.1)).toBe('');
  });
});
