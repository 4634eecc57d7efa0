import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../context.js';

/** A mail as the SMTP server received it: the envelope, the decoded headers and the decoded body parts. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The AUTH PLAIN/LOGIN username, '' when the client did not authenticate. */
  user: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  mails: ReceivedMail[];
  /** Resolves once `count` mails arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Points the app's SMTP options at this sink. */
  configure(ctx: AppContext, from?: string): Promise<void>;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), the way nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')),
    );
}

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

/** The text/html and text/plain parts of a single-part or multipart/alternative message, decoded. */
function parts(raw: string): { headers: Map<string, string>; html: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(raw.slice(0, split));
  const out = { headers, html: '', text: '' };
  const visit = (head: Map<string, string>, body: string) => {
    const type = head.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
        const at = chunk.indexOf('\r\n\r\n');
        visit(parseHeaders(chunk.slice(0, at)), chunk.slice(at + 4).replace(/\r\n$/, ''));
      }
      return;
    }
    const enc = (head.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    const decoded =
      enc === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : enc === 'quoted-printable'
          ? decodeQp(body)
          : body;
    const textBody = decoded.replace(/\r\n/g, '\n').trimEnd();
    if (type.startsWith('text/html')) out.html = textBody;
    else if (type.startsWith('text/plain')) out.text = textBody;
  };
  visit(headers, raw.slice(split + 4));
  return out;
}

/**
 * A plain-text SMTP server on a loopback port that keeps every mail; no TLS, authentication optional (any
 * password but 'wrong' is accepted). `delayMs` holds each mail's final "250 OK" that long, like a slow
 * provider; the mail is kept at once.
 */
export async function startSmtpSink(opts: { delayMs?: number } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.password === 'wrong') return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, html, text } = parts(raw);
        mails.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : '',
          from: decodeWords(headers.get('from') ?? ''),
          to: decodeWords(headers.get('to') ?? ''),
          subject: decodeWords(headers.get('subject') ?? ''),
          html,
          text,
          raw,
        });
        for (const wake of waiters) wake();
        if (opts.delayMs) setTimeout(callback, opts.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mails);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, got ${mails.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async configure(ctx, from = 'noreply@switchboard.test') {
      await ctx.options.set('SMTPServer', '127.0.0.1');
      await ctx.options.set('SMTPPort', String(port));
      await ctx.options.set('SMTPSSLEnabled', 'false');
      await ctx.options.set('SMTPAccount', '');
      await ctx.options.set('SMTPToken', '');
      await ctx.options.set('SMTPFrom', from);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
