/**
 * AWS Signature Version 4 for one request, written out with node:crypto. AWS's own signer (@smithy/signature-v4)
 * cannot be loaded under this repo's vitest conditions (its ESM build has extensionless imports), and the
 * algorithm is small; the tests check this one against AWS's test suite and against fixtures signed by AWS's signer.
 */
import { createHash, createHmac } from 'node:crypto';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-security-token, which are added here. */
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: AwsCredentials;
  date: Date;
}

export const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 escaping, as SigV4 wants it: encodeURIComponent leaves !'()* unescaped. */
const escape = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Every service but S3 escapes the already-escaped path once more (so `%3A` is signed as `%253A`), as AWS's SDKs
 * do with `uriEscapePath`.
 */
export const canonicalPath = (pathname: string): string => pathname.split('/').map(escape).join('/') || '/';

const canonicalQuery = (params: URLSearchParams): string =>
  [...params]
    .map(([k, v]) => [escape(k), escape(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

/** `20150830T123600Z`. */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The headers to send: the given ones plus x-amz-date, the session token and `authorization`; host excluded. */
export function signV4(req: SigV4Request): Record<string, string> {
  const stamp = amzDate(req.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = stamp;
  if (req.credentials.sessionToken) headers['x-amz-security-token'] = req.credentials.sessionToken;
  const signed: Record<string, string> = { ...headers, host: req.url.host };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    req.method,
    canonicalPath(req.url.pathname),
    canonicalQuery(req.url.searchParams),
    names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join(''),
    signedHeaders,
    sha256Hex(req.body),
  ].join('\n');
  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  let key = hmac(`AWS4${req.credentials.secretAccessKey}`, day);
  for (const part of [req.region, req.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${req.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
