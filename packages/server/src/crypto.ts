import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PREFIX = 'enc:v1:';

/** `length` crypto-random characters from [0-9a-zA-Z], as new-api's token keys. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** 32 lowercase hex characters: a redemption code (a UUID without dashes, as new-api). */
export const randomHex32 = (): string => randomBytes(16).toString('hex');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Encrypts secrets at rest (channel keys) with AES-256-GCM under a key derived from CRYPTO_SECRET. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`switchboard:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Values without the prefix are plaintext rows imported from new-api and are returned as they are. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
