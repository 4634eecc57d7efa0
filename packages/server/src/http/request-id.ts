import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
// One system call per 512 ids instead of one per request: ids need to be unique, not secret.
const pool = Buffer.alloc(4096);
let offset = pool.length;

function randomChars(n: number): string {
  if (offset + n > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  let out = '';
  for (let i = 0; i < n; i++) out += ALPHABET[pool[offset++]! & 63];
  return out;
}

let lastSecond = -1;
let secondStamp = '';

/** new-api's request-id format: a timestamp plus 8 random characters, e.g. 20261122043512345678aBcD1234. */
export function newRequestId(now = new Date()): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    secondStamp =
      `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
      `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  }
  return secondStamp + pad(now.getMilliseconds(), 3) + randomChars(8);
}

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id';
