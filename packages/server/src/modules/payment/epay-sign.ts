import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The Epay (易支付) MD5 signature, as the go-epay client new-api uses computes it: every parameter except
 * `sign`, `sign_type` and empty values, sorted by name, joined as `a=1&b=2` with the raw (unescaped) values,
 * the merchant key appended, MD5 in lowercase hex.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** `params` with `sign` and `sign_type=MD5` added: the form a purchase submits. */
export function signedEpayParams(params: Readonly<Record<string, string>>, key: string) {
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

/**
 * True when `params.sign` is the signature of the other parameters under `key`. Compared in constant time
 * (go-epay uses `==`), and an empty key never verifies: an unconfigured site must not accept `md5(text)`.
 */
export function verifyEpaySign(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = params.sign ?? '';
  if (key === '' || !/^[0-9a-f]{32}$/i.test(given)) return false;
  const expected = Buffer.from(epaySign(params, key), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}
