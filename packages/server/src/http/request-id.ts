import { randomBytes } from 'node:crypto';

/** new-api's request-id format: a timestamp plus 8 random characters, e.g. 20261122043512345678aBcD1234. */
export function newRequestId(now = new Date()): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}${pad(now.getMilliseconds(), 3)}`;
  return stamp + randomBytes(6).toString('base64url').slice(0, 8);
}

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id';
