import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.js';
import { issueParams, msg } from '../i18n/translate.js';
import { OPTION_DEFAULTS, OPTION_KEYS } from './option-defaults.js';
import { isSecretOptionKey, optionType, type ParsedOptions } from './option-types.js';
import { validateOptionValue } from './option-values.js';

/** One entry of `GET /api/option/`; values are strings (other scalars are read as text). */
export const OptionEntrySchema = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});
/** An option entry. */
export type OptionEntry = z.output<typeof OptionEntrySchema>;

/** `PUT /api/option/`: one option; the value must be a string that passes the key's rule. */
export const OptionUpdateParamsSchema = z
  .object({
    key: z.string(msg('option.keyRequired')).trim().min(1, msg('option.keyRequired')),
    value: z.string(msg('common.invalidParams')),
  })
  .transform((entry, ctx) => {
    const result = validateOptionValue(entry.key, entry.value);
    if (result.success) return { key: entry.key, value: result.data };
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: ['value', ...issue.path],
        params: issueParams(issue),
      });
    }
    return z.NEVER;
  });
/** Option update parameters. */
export type OptionUpdateParams = z.input<typeof OptionUpdateParamsSchema>;

/** Several option updates saved together; an empty list means 'you seem to have changed nothing'. */
export const OptionBatchUpdateParamsSchema = z
  .array(OptionUpdateParamsSchema, msg('common.nothingChanged'))
  .min(1, msg('common.nothingChanged'));
/** Batch option update parameters. */
export type OptionBatchUpdateParams = z.input<typeof OptionBatchUpdateParamsSchema>;

function readValue(key: string, value: string): string | number | boolean {
  const type = optionType(key);
  // new-api's rule: a boolean option is true only for the exact string 'true'.
  if (type === 'boolean') return value === 'true';
  if (type === 'number') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  return value;
}

/**
 * Reads option entries into typed values: boolean options become booleans, numeric ones numbers, JSON and
 * text stay strings. Known keys missing from `entries` (such as the secrets the server never returns)
 * take their defaults unless `defaults` is false.
 */
export function parseOptions(
  entries: readonly { key: string; value: string }[] | Readonly<Record<string, string>>,
  options: { defaults?: boolean } = {},
): ParsedOptions {
  const result: Record<string, string | number | boolean> = {};
  if (options.defaults !== false) {
    for (const key of OPTION_KEYS) result[key] = readValue(key, OPTION_DEFAULTS[key]);
  }
  const list = Array.isArray(entries)
    ? entries
    : Object.entries(entries).map(([key, value]) => ({ key, value }));
  for (const { key, value } of list as readonly { key: string; value: string }[])
    result[key] = readValue(key, value);
  return result as ParsedOptions;
}

/** Writes a value the way options are stored: booleans as 'true'/'false', objects as JSON, null as ''. */
export function serializeOptionValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/**
 * The entries to save when a settings form goes from `before` to `after`: only changed values, and
 * never an empty secret (empty secrets mean "keep the stored one").
 */
export function diffOptions(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): OptionEntry[] {
  const changes: OptionEntry[] = [];
  for (const [key, next] of Object.entries(after)) {
    const value = serializeOptionValue(next);
    if (isSecretOptionKey(key) && value === '') continue;
    if (value !== serializeOptionValue(before[key])) changes.push({ key, value });
  }
  return changes;
}

/** Options whose switch-on needs other options filled first, and the message when they are not. */
const ENABLE_GUARDS: Readonly<Record<string, { needs: readonly string[]; message: MessageKey }>> = {
  GitHubOAuthEnabled: {
    needs: ['GitHubClientId', 'GitHubClientSecret'],
    message: 'option.githubCredentialsRequired',
  },
  LinuxDOOAuthEnabled: {
    needs: ['LinuxDOClientId', 'LinuxDOClientSecret'],
    message: 'option.linuxdoCredentialsRequired',
  },
  WeChatAuthEnabled: { needs: ['WeChatServerAddress'], message: 'option.wechatCredentialsRequired' },
  TurnstileCheckEnabled: {
    needs: ['TurnstileSiteKey', 'TurnstileSecretKey'],
    message: 'option.turnstileCredentialsRequired',
  },
  EmailDomainRestrictionEnabled: {
    needs: ['EmailDomainWhitelist'],
    message: 'option.emailWhitelistRequired',
  },
};

/**
 * The server-side guard of `PUT /api/option/`: switching on GitHub, LinuxDO, WeChat, Turnstile or the
 * email domain restriction needs their settings in `current` first. Returns the message key, or undefined.
 */
export function optionEnableGuard(
  key: string,
  value: string,
  current: Readonly<Record<string, string | undefined>>,
): MessageKey | undefined {
  const guard = ENABLE_GUARDS[key];
  if (!guard || value !== 'true') return undefined;
  return guard.needs.every((name) => (current[name] ?? '').trim() !== '') ? undefined : guard.message;
}
