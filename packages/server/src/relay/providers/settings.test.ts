import { describe, expect, it } from 'vitest';
import {
  claudeDefaultMaxTokens,
  DEFAULT_PROVIDER_SETTINGS,
  geminiSafetySettings,
  geminiVersion,
  readProviderSettings,
  withModelHeaders,
} from './settings.js';

const read = (options: Record<string, string>) => readProviderSettings((key) => options[key] ?? '');

describe('provider settings, read as new-api reads them', () => {
  it("falls back to new-api's defaults for missing, invalid or mistyped values", () => {
    expect(read({})).toEqual(DEFAULT_PROVIDER_SETTINGS);
    const bad = read({
      'gemini.safety_settings': '{not json',
      'gemini.version_settings': '{"gemini-x": 1}',
      'claude.default_max_tokens': '{"default": 10.5}',
      'claude.model_headers_settings': '{"m": {"h": "not a list"}}',
      'claude.thinking_adapter_enabled': 'maybe',
      'claude.thinking_adapter_budget_tokens_percentage': 'lots',
    });
    expect(bad).toEqual(DEFAULT_PROVIDER_SETTINGS);
  });

  it('lays a stored map over the defaults key by key, and puts max tokens `default` back', () => {
    const s = read({
      'gemini.safety_settings': '{"HARM_CATEGORY_HARASSMENT":"BLOCK_NONE"}',
      'claude.default_max_tokens': '{"claude-x": 100}',
    });
    expect(geminiSafetySettings(s.gemini)).toEqual([
      { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'OFF' },
      { category: 'HARM_CATEGORY_CIVIC_INTEGRITY', threshold: 'BLOCK_NONE' },
    ]);
    expect(claudeDefaultMaxTokens(s.claude, 'claude-x')).toBe(100);
    expect(claudeDefaultMaxTokens(s.claude, 'claude-y')).toBe(8192);
    expect(geminiVersion(s.gemini, 'gemini-1.0-pro')).toBe('v1');
    expect(geminiVersion(s.gemini, 'gemini-2.5-pro')).toBe('v1beta');
  });

  it("reads booleans and numbers as Go's strconv does", () => {
    expect(read({ 'claude.thinking_adapter_enabled': 'F' }).claude.thinkingAdapterEnabled).toBe(false);
    expect(read({ 'claude.thinking_adapter_enabled': '0' }).claude.thinkingAdapterEnabled).toBe(false);
    expect(read({ 'claude.thinking_adapter_enabled': 'True' }).claude.thinkingAdapterEnabled).toBe(true);
    expect(
      read({ 'claude.thinking_adapter_budget_tokens_percentage': '0.5' }).claude.thinkingBudgetPercentage,
    ).toBe(0.5);
  });

  it('never finds a setting on the object prototype', () => {
    const s = read({ 'claude.default_max_tokens': '{"__proto__": 5}' });
    expect(claudeDefaultMaxTokens(s.claude, 'constructor')).toBe(8192);
    expect(geminiVersion(s.gemini, 'toString')).toBe('v1beta');
    expect(withModelHeaders({ a: '1' }, s.claude, 'constructor')).toEqual({ a: '1' });
  });

  it('replaces a header of any case with the values set for the requested model', () => {
    const s = read({ 'claude.model_headers_settings': '{"m":{"Anthropic-Beta":["a","b"]}}' });
    expect(withModelHeaders({ 'anthropic-beta': 'old', x: '1' }, s.claude, 'm')).toEqual({
      'anthropic-beta': 'a, b',
      x: '1',
    });
    expect(withModelHeaders({ x: '1' }, s.claude, 'other')).toEqual({ x: '1' });
  });
});
