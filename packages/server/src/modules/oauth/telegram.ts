import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';

/** Telegram's advice: refuse widget data older than a day, or a leaked login link works for ever. */
export const TELEGRAM_MAX_AGE_S = 24 * 3600;

/**
 * The Telegram login widget check (core.telegram.org/widgets/login#checking-authorization): every field but
 * `hash`, sorted, as `key=value` lines joined by `\n`, HMAC-SHA256 keyed with SHA-256 of the bot token, must
 * equal `hash`; `auth_date` must be at most a day old. Answers the Telegram user id.
 */
export function checkTelegramLogin(ctx: AppContext, query: unknown): string {
  const fields: Record<string, string> = {};
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      // A repeated parameter counts with its first value, as new-api reads it.
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') fields[key] = first;
    }
  }
  const { hash = '', ...signed } = fields;
  const check = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('\n');
  const key = createHash('sha256').update(ctx.options.get('TelegramBotToken')).digest();
  const expected = createHmac('sha256', key).update(check).digest();
  const given = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest('oauth.telegramInvalid');
  const id = signed['id'] ?? '';
  const authDate = Number(signed['auth_date']);
  if (!/^\d+$/.test(id)) throw badRequest('oauth.telegramInvalid');
  if (!Number.isInteger(authDate) || ctx.now() - authDate > TELEGRAM_MAX_AGE_S)
    throw badRequest('oauth.telegramExpired');
  return id;
}
