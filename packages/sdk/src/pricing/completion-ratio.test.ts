import { describe, expect, it } from 'vitest';
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
