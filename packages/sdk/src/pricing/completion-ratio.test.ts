import { describe, expect, it } from 'vitest';
import { OPTION_DEFAULTS } from '../schemas/option-defaults.js';
import { builtinCompletionRatio, completionRatioOf } from './completion-ratio.js';

describe('completion ratio', () => {
  it('applies new-api built-in rules by prefix', () => {
    expect(builtinCompletionRatio('gpt-4o-mini-2024-07-18')).toBe(4);
    expect(builtinCompletionRatio('gpt-4-turbo-preview')).toBe(3);
    expect(builtinCompletionRatio('gpt-4-0613')).toBe(2);
    expect(builtinCompletionRatio('claude-3-5-sonnet-20241022')).toBe(5);
    expect(builtinCompletionRatio('gemini-1.5-pro')).toBe(4);
    expect(builtinCompletionRatio('llama-3-70b')).toBeUndefined();
  });

  it('lets the CompletionRatio option win, and defaults to 1', () => {
    expect(completionRatioOf('gpt-4o', { 'gpt-4o': 2.5 })).toBe(2.5);
    expect(completionRatioOf('gpt-4o', {})).toBe(4);
    expect(completionRatioOf('my-model', {})).toBe(1);
  });
});

describe('CompletionRatio wildcards', () => {
  it('apply the default gizmo entries over the built-in gpt-4 / gpt-4o rules', () => {
    const defaults = JSON.parse(OPTION_DEFAULTS.CompletionRatio) as Record<string, number>;
    expect(completionRatioOf('gpt-4-gizmo-g-abc123', defaults)).toBe(2);
    expect(completionRatioOf('gpt-4o-gizmo-g-abc123', defaults)).toBe(3);
    expect(completionRatioOf('gpt-4o-gizmo-g-abc123', {})).toBe(4);
    expect(completionRatioOf('gpt-4-all', defaults)).toBe(2);
  });

  it('let an exact name beat a wildcard', () => {
    const map = { 'gpt-4-gizmo-*': 2.5, 'gpt-4-gizmo-g-special': 6 };
    expect(completionRatioOf('gpt-4-gizmo-g-special', map)).toBe(6);
    expect(completionRatioOf('gpt-4-gizmo-g-other', map)).toBe(2.5);
  });

  it('pick the longest matching wildcard', () => {
    const map = { 'claude-*': 3.5, 'claude-opus-*': 7, 'claude-opus-4-*': 8 };
    expect(completionRatioOf('claude-opus-4-1', map)).toBe(8);
    expect(completionRatioOf('claude-opus-3', map)).toBe(7);
    expect(completionRatioOf('claude-sonnet-4', map)).toBe(3.5);
    // No wildcard fits: the built-in rule, then 1.
    expect(completionRatioOf('gemini-2.5-pro', map)).toBe(4);
  });

  it('give models named like Object.prototype members the default', () => {
    for (const model of ['constructor', '__proto__', 'toString', 'valueOf']) {
      expect(completionRatioOf(model, { 'gpt-4o': 2 }), model).toBe(1);
      expect(completionRatioOf(model, {}), model).toBe(1);
    }
  });
});
