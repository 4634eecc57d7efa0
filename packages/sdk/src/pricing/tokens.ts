/**
 * Names of access tokens created in a batch (spec §5): the first keeps the typed name, every other one gets a
 * dash and 6 random letters or digits, so the list stays readable and names rarely collide.
 */
import { TOKEN_BATCH_SUFFIX_LENGTH } from '../constants/limits.js';

/** Fills the buffer with random bytes and returns it, like `crypto.getRandomValues`. */
export type RandomBytes = (buffer: Uint8Array) => Uint8Array;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Bytes at or above the largest multiple of 62 are dropped so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

const cryptoRandomBytes: RandomBytes = (buffer) => globalThis.crypto.getRandomValues(buffer);

/** `length` random characters from [A-Za-z0-9]. */
export function randomSuffix(length: number, random: RandomBytes = cryptoRandomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length - out.length))) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/**
 * `count` token names: `[name, name-xxxxxx, …]` where each suffix is 6 random letters or digits.
 * `random` defaults to the Web Crypto API (browsers, Node ≥ 20); inject it for deterministic tests.
 * @throws RangeError when count is not a positive integer.
 */
export function batchTokenNames(
  name: string,
  count: number,
  random: RandomBytes = cryptoRandomBytes,
): string[] {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`Token count must be a positive integer, got ${count}`);
  }
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? name : `${name}-${randomSuffix(TOKEN_BATCH_SUFFIX_LENGTH, random)}`,
  );
}
