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
    // Mails go out in the background; a silent server must not hold a send for nodemailer's minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  if (transporters.size >= MAX_TRANSPORTERS) {
    const [oldest] = transporters.keys();
    transporters.get(oldest!)?.close();
    transporters.delete(oldest!);
  }
  transporters.set(key, transporter);
  return transporter;
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
