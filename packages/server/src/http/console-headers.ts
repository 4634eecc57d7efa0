import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';

/** The third-party widgets the console loads when the site turns them on (they need their own scripts). */
export interface ConsoleFeatures {
  /** Cloudflare Turnstile on the sign-in forms (`TurnstileCheckEnabled`). */
  turnstile: boolean;
  /** The Telegram login widget (`TelegramOAuthEnabled`). */
  telegram: boolean;
}

export const NO_FEATURES = (): ConsoleFeatures => ({ turnstile: false, telegram: false });

/** The widgets the site has on now, read per page (an admin can switch them at any time). */
export function consoleFeatures(ctx: Pick<AppContext, 'options'>): () => ConsoleFeatures {
  return () => ({
    turnstile: ctx.options.bool('TurnstileCheckEnabled'),
    telegram: ctx.options.bool('TelegramOAuthEnabled'),
  });
}

/** On every answer of the console (its files, its pages, its 404s): no type sniffing, no paths to other sites. */
export const FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** The CSP source that allows exactly this inline script. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The headers of a console page (index.html, plain or drawn). Scripts come only from the console's own files
 * and the inline scripts the server wrote into this page (by hash); styles may be inline, because emotion (MUI)
 * writes its rules into <style> elements at run time and React draws `style` attributes. Images and frames may
 * come from anywhere: the logo, the home page, the chat page and the footer are URLs and HTML the admin sets.
 * No other site may frame a console page. Telegram's widget runs its `data-onauth` callback through eval, so
 * 'unsafe-eval' is there only while Telegram login is on.
 */
export function pageHeaders(features: ConsoleFeatures, inlineScripts: readonly string[] = []) {
  const scripts = ["'self'", ...inlineScripts.map(scriptHash)];
  const connect = ["'self'"];
  if (features.turnstile) scripts.push('https://challenges.cloudflare.com');
  if (features.telegram) {
    scripts.push('https://telegram.org', "'unsafe-eval'");
    connect.push('https://oauth.telegram.org');
  }
  const policy = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    'frame-src *',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ];
  return {
    ...FILE_HEADERS,
    'Content-Security-Policy': policy.join('; '),
    'X-Frame-Options': 'DENY',
  };
}
