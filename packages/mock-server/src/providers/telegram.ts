import { createHash, createHmac } from 'node:crypto';

/** The fields the Telegram login widget hands the page (core.telegram.org/widgets/login). */
export interface TelegramLoginFields {
  id: number | string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  /** Unix seconds of the sign-in. */
  auth_date: number | string;
}

/**
 * What Telegram does for a widget login: the data-check string (the fields but `hash`, sorted, `key=value`
 * lines) signed with HMAC-SHA256 under SHA-256 of the bot token. Answers the fields as strings plus `hash`.
 */
export function signTelegramLogin(botToken: string, fields: TelegramLoginFields): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data[key] = String(value);
  const check = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...data, hash: createHmac('sha256', secret).update(check).digest('hex') };
}
