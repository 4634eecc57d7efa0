import type { SectionSpec } from './section-spec';

/** The rate-limit tab's form. */
export const RATE_LIMIT_SECTION = {
  id: 'ratelimit',
  fields: [
    { key: 'ModelRequestRateLimitEnabled', kind: 'switch' },
    { key: 'ModelRequestRateLimitDurationMinutes', kind: 'number', unit: 'minutes', help: true },
    { key: 'ModelRequestRateLimitCount', kind: 'number', unit: 'times', help: true },
    { key: 'ModelRequestRateLimitSuccessCount', kind: 'number', unit: 'times', help: true },
  ],
} satisfies SectionSpec;

/** The Gemini and Claude provider forms. */
export const PROVIDER_SECTIONS = [
  {
    id: 'gemini',
    fields: [
      { key: 'gemini.safety_settings', kind: 'json', help: true },
      { key: 'gemini.version_settings', kind: 'json', help: true },
    ],
  },
  {
    id: 'claude',
    fields: [
      { key: 'claude.model_headers_settings', kind: 'json', help: true },
      { key: 'claude.default_max_tokens', kind: 'json', help: true },
      { key: 'claude.thinking_adapter_enabled', kind: 'switch' },
      { key: 'claude.thinking_adapter_budget_tokens_percentage', kind: 'number', help: true },
    ],
  },
] satisfies SectionSpec[];
