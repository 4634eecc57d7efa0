import { SMTP_PORT_DEFAULT } from '@switchboard/sdk';
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';

/** One mail; `html` is sent as text/html (new-api sends every mail as HTML), `text` as plain text. */
export type MailMessage = { to: string; subject: string } & (
  { html: string; text?: string } | { text: string; html?: undefined }
);

interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
}

/** A few distinct configurations at most: an operator editing the SMTP panel, or several apps in tests. */
const MAX_TRANSPORTERS = 8;
const transporters = new Map<string, Transporter>();

/** The SMTP options as they are now, so a change in the console applies to the next mail. */
function smtpConfig(ctx: AppContext): SmtpConfig {
  const o = ctx.options;
  const host = o.get('SMTPServer').trim();
  if (!host) throw new AppError('unavailable', 'notify.smtpNotConfigured');
  const port = Math.floor(o.number('SMTPPort')) || SMTP_PORT_DEFAULT;
  // new-api also speaks implicit TLS on 465 without the switch: nothing else listens there.
  return {
    host,
    port,
    secure: o.bool('SMTPSSLEnabled') || port === 465,
    user: o.get('SMTPAccount'),
    pass: o.get('SMTPToken'),
  };
}

/** The SMTP options and sender address; throws the AppError `sendMail` would when mail is not set up. */
export function mailSetup(ctx: AppContext): { config: SmtpConfig; address: string } {
  const config = smtpConfig(ctx);
  const address = ctx.options.get('SMTPFrom').trim() || config.user;
  if (!address) throw new AppError('unavailable', 'notify.smtpSenderMissing');
  return { config, address };
}

async function transporterFor(config: SmtpConfig): Promise<Transporter> {
  const key = JSON.stringify(config);
  const known = transporters.get(key);
  if (known) return known;
  // Loaded on the first mail: most gateways never send one, and the library is a third of a megabyte.
  const { createTransport } = await import('nodemailer');
  const raced = transporters.get(key);
  if (raced) return raced;
  const transporter = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.pass } } : {}),
    // A silent server must not hold a send for nodemailer's minutes, nor a mail route's answer (checkMailer).
    connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
    socketTimeout: 20_000,
  });
  if (transporters.size >= MAX_TRANSPORTERS) {
    const [oldest] = transporters.keys();
    transporters.get(oldest!)?.close();
    transporters.delete(oldest!);
  }
  transporters.set(key, transporter);
  return transporter;
}

/** How long connecting to the SMTP server and its greeting may each take. */
const SMTP_CONNECT_TIMEOUT_MS = 5_000;
/** The most a mail route waits for `checkMailer`, whatever step the server stalls at. */
export const MAIL_CHECK_TIMEOUT_MS = 8_000;

/**
 * Connects and logs in to the SMTP server with the current options, as a send would begin, and throws the
 * mailer's error as a business refusal when that fails or takes longer than `MAIL_CHECK_TIMEOUT_MS` (new-api
 * answers a failed send with `{success:false, message: <the error>}`). Done before the mail routes answer,
 * for every address alike; the mail itself then goes out after the answer, so its time tells nothing.
 */
export async function checkMailer(ctx: AppContext): Promise<void> {
  const { config } = mailSetup(ctx);
  const transporter = await transporterFor(config);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transporter.verify(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`no answer from ${config.host}:${config.port} in ${MAIL_CHECK_TIMEOUT_MS / 1000} s`),
            ),
          MAIL_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (err) {
    throw new AppError('unavailable', 'notify.mailFailed', { reason: (err as Error).message });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends one mail with the current SMTP options (SMTPServer, SMTPPort, SMTPSSLEnabled, SMTPAccount, SMTPToken,
 * SMTPFrom falling back to SMTPAccount), from "SystemName <from>". Throws an AppError when SMTP is not set up,
 * and nodemailer's error when the server refuses.
 */
export async function sendMail(ctx: AppContext, mail: MailMessage): Promise<void> {
  const { config, address } = mailSetup(ctx);
  await (
    await transporterFor(config)
  ).sendMail({
    from: { name: ctx.options.get('SystemName'), address },
    to: mail.to,
    subject: mail.subject,
    ...(mail.html !== undefined ? { html: mail.html } : {}),
    ...(mail.text !== undefined ? { text: mail.text } : {}),
  });
}
