import { randomBytes } from 'node:crypto';
import { translate, type MessageKey } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { Lang } from '../../http/language.js';
import { checkMailer, sendMail } from '../../notify/mailer.js';
import { revokeUserCredentials } from '../auth/sessions.js';
import { hashPassword } from '../users/password.js';
import { CODE_TTL_S, codesOf, type CodePurpose } from './verification-codes.js';

/** Length of a verification code (new-api: 6 hex characters); reset links carry 32. */
const CODE_LENGTH = 6;
/** Length of the password a reset hands out (new-api: 12). */
const RESET_PASSWORD_LENGTH = 12;

/** Whether a live (not deleted) account already uses this address. */
export async function emailTaken(ctx: AppContext, email: string, exceptUserId = 0): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The domain whitelist and alias options (system settings, email whitelist panel). */
function checkAddressAllowed(ctx: AppContext, email: string): void {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  const o = ctx.options;
  if (o.bool('EmailDomainRestrictionEnabled')) {
    const allowed = o
      .get('EmailDomainWhitelist')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    if (!allowed.includes(domain)) throw badRequest('auth.emailDomainNotAllowed');
  }
  if (o.bool('EmailAliasRestrictionEnabled') && /[+.]/.test(local))
    throw badRequest('auth.emailAliasNotAllowed');
}

async function issue(ctx: AppContext, purpose: CodePurpose, email: string, length: number): Promise<string> {
  const issued = await codesOf(ctx).issue(purpose, email, ctx.now(), length);
  if ('wait' in issued) throw badRequest('auth.verificationTooFrequent', { seconds: issued.wait });
  return issued.code;
}

const mail = (
  ctx: AppContext,
  to: string,
  lang: Lang,
  subject: MessageKey,
  body: MessageKey,
  params = {},
) => {
  const all = { system: ctx.options.get('SystemName'), minutes: CODE_TTL_S / 60, ...params };
  return sendMail(ctx, { to, subject: translate(subject, lang, all), html: translate(body, lang, all) });
};

/**
 * `GET /api/verification`: mails a 6-character code for registration or binding. A taken address gets the same
 * answer, and a notice that it already has an account instead of a code (new-api answers "邮箱地址已被占用",
 * which tells anyone which addresses have accounts).
 */
export async function sendVerificationCode(ctx: AppContext, email: string, lang: Lang): Promise<void> {
  checkAddressAllowed(ctx, email);
  await checkMailer(ctx);
  const code = await issue(ctx, 'verify', email, CODE_LENGTH);
  afterAnswer(`verification mail to ${email}`, async () => {
    if (!(await emailTaken(ctx, email)))
      return mail(ctx, email, lang, 'mail.verificationSubject', 'mail.verificationBody', { code });
    await codesOf(ctx).burn('verify', email);
    await mail(ctx, email, lang, 'mail.verificationSubject', 'mail.addressTakenBody');
  });
}

/**
 * `GET /api/reset_password`: mails `{ServerAddress}/user/reset?email=&token=`. An address without an account
 * gets the same answer and counts against the same resend limit, so the answers cannot enumerate accounts.
 */
export async function sendPasswordReset(ctx: AppContext, email: string, lang: Lang): Promise<void> {
  // Mail not set up or failing is said to every address alike, or the refusal itself would tell accounts apart.
  await checkMailer(ctx);
  const token = await issue(ctx, 'reset', email, 0);
  afterAnswer(`password reset mail to ${email}`, async () => {
    if (!(await emailTaken(ctx, email))) return;
    const base = ctx.options.get('ServerAddress').trim().replace(/\/+$/, '');
    const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
    await mail(ctx, email, lang, 'mail.resetSubject', 'mail.resetBody', { link });
  });
}

/**
 * Runs `job` once the answer is out: looking the address up and talking to the SMTP server take time only for
 * some addresses, and that time must not show in the answer. A failure goes to the log.
 */
function afterAnswer(what: string, job: () => Promise<void>): void {
  setImmediate(() => {
    job().catch((err: unknown) => {
      const reason = err instanceof AppError ? translate(err.key, 'en', err.params) : (err as Error).message;
      console.error(`switchboard: ${what} failed: ${reason}`);
    });
  });
}

/**
 * `POST /api/user/reset`: a valid link sets a new random password on the account of that address, ends its
 * sessions, revokes its access token and answers the password. The link works once.
 */
export async function resetPassword(ctx: AppContext, email: string, token: string): Promise<string> {
  const codes = codesOf(ctx);
  if (!(await codes.check('reset', email, token, ctx.now(), true))) throw badRequest('auth.resetLinkInvalid');
  const users = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .execute();
  if (users.length === 0) throw badRequest('auth.resetLinkInvalid');
  const password = randomBytes(RESET_PASSWORD_LENGTH).toString('hex').slice(0, RESET_PASSWORD_LENGTH);
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    for (const { id } of users) {
      await trx.updateTable('users').set({ password: hash }).where('id', '=', id).execute();
      await revokeUserCredentials(trx, id);
    }
  });
  return password;
}

/** Checks (and, with `consume`, uses up) the verification code mailed to `email`. */
export async function checkVerificationCode(
  ctx: AppContext,
  email: string,
  code: string,
  consume: boolean,
  /** The transaction that uses the code up, so that it is used only if that commits. */
  db: Db = ctx.db,
): Promise<void> {
  if (!(await codesOf(ctx).check('verify', email, code, ctx.now(), consume, db)))
    throw badRequest('auth.verificationCodeInvalid');
}

/** `GET /api/oauth/email/bind`: sets the caller's email once the code mailed to it checks out. */
export async function bindEmail(ctx: AppContext, userId: number, email: string, code: string): Promise<void> {
  await checkVerificationCode(ctx, email, code, false);
  if (await emailTaken(ctx, email, userId)) throw badRequest('auth.emailTaken');
  await checkVerificationCode(ctx, email, code, true);
  await ctx.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}
