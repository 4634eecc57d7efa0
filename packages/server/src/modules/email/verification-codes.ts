import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../crypto.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/query-helpers.js';

/** How long a mailed code or reset link stays valid (new-api's VerificationValidMinutes). */
export const CODE_TTL_S = 10 * 60;
/** One mail per address and purpose per this many seconds (the console's resend countdown). */
export const RESEND_INTERVAL_S = 30;
export type CodePurpose = 'verify' | 'reset';

/**
 * Wrong tries after which a code is burned. A verification code has 24 bits: 5 tries give one chance in
 * 3 million. A reset link has 128 bits and cannot be guessed, so it is never burned: a stranger could
 * otherwise cancel anyone's reset link by sending five wrong ones.
 */
export const MAX_WRONG_TRIES: Record<CodePurpose, number> = { verify: 5, reset: Infinity };

/** Addresses compare case-insensitively: the code is bound to the mailbox, not to its spelling. */
export const addressKey = (email: string) => email.trim().toLowerCase();

/**
 * Codes mailed for email verification and password reset: each bound to one purpose and one address, valid
 * `CODE_TTL_S`, used once, burned after `MAX_WRONG_TRIES`. Kept in the database, so a code mailed by one node
 * is good on every node (new-api keeps them in the memory of the node that mailed them), and each step is one
 * conditional statement, so two nodes never both use one code.
 */
export class VerificationCodes {
  constructor(private readonly db: Db) {}

  private static id(purpose: CodePurpose, email: string): string {
    return sha256Hex(`${purpose}:${addressKey(email)}`);
  }

  /**
   * Issues a fresh code (replacing an older one), or answers the seconds left before the address may get
   * another mail. `length` 0 gives a 32-hex link token.
   */
  async issue(
    purpose: CodePurpose,
    email: string,
    now: number,
    length: number,
  ): Promise<{ code: string } | { wait: number }> {
    const id = VerificationCodes.id(purpose, email);
    const hex = randomBytes(16).toString('hex');
    const code = length > 0 ? hex.slice(0, length) : hex;
    const fresh = { code, issued_at: now, wrong_tries: 0 };
    const replaced = await this.db
      .updateTable('verification_codes')
      .set(fresh)
      .where('id', '=', id)
      .where('issued_at', '<=', now - RESEND_INTERVAL_S)
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) > 0) return { code };
    try {
      await this.db
        .insertInto('verification_codes')
        .values({ id, ...fresh })
        .execute();
      if (Math.random() < 0.01) await this.purge(now);
      return { code };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    // Mailed less than RESEND_INTERVAL_S ago (here or on another node a moment ago).
    const row = await this.db
      .selectFrom('verification_codes')
      .select('issued_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return { wait: Math.max(1, RESEND_INTERVAL_S - (now - (row?.issued_at ?? now))) };
  }

  /**
   * Whether `code` is the live code of this address; `consume` also makes it unusable from now on. A wrong
   * code counts against the live one, which is burned at `MAX_WRONG_TRIES`.
   */
  async check(
    purpose: CodePurpose,
    email: string,
    code: string,
    now: number,
    consume = false,
    db: Db = this.db,
  ): Promise<boolean> {
    const id = VerificationCodes.id(purpose, email);
    const given = code.trim();
    if (given) {
      const match = db
        .updateTable('verification_codes')
        .where('id', '=', id)
        .where('code', '=', given)
        .where('issued_at', '>', now - CODE_TTL_S);
      if (consume) {
        const used = await match.set({ code: '' }).executeTakeFirst();
        if (Number(used.numUpdatedRows) > 0) return true;
      } else {
        const row = await db
          .selectFrom('verification_codes')
          .select('code')
          .where('id', '=', id)
          .where('issued_at', '>', now - CODE_TTL_S)
          .executeTakeFirst();
        if (row?.code && row.code === given) return true;
      }
    }
    await this.wrongTry(purpose, id, now, db);
    return false;
  }

  /** Counts a wrong try against the live code, burning it at the limit. */
  private async wrongTry(purpose: CodePurpose, id: string, now: number, db: Db): Promise<void> {
    const max = MAX_WRONG_TRIES[purpose];
    if (!Number.isFinite(max)) return;
    await db
      .updateTable('verification_codes')
      .set((eb) => ({
        wrong_tries: eb('wrong_tries', '+', 1),
        code: eb
          .case()
          .when('wrong_tries', '>=', max - 1)
          .then('')
          .else(eb.ref('code'))
          .end(),
      }))
      .where('id', '=', id)
      .where('code', '!=', '')
      .where('issued_at', '>', now - CODE_TTL_S)
      .execute();
  }

  /** Makes this address's pending code unusable; the resend limit still counts from its issue time. */
  async burn(purpose: CodePurpose, email: string): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set({ code: '' })
      .where('id', '=', VerificationCodes.id(purpose, email))
      .execute();
  }

  /** Rows past both the code's life and the resend limit mean nothing any more. */
  private async purge(now: number): Promise<void> {
    await this.db
      .deleteFrom('verification_codes')
      .where('issued_at', '<', now - CODE_TTL_S)
      .execute();
  }
}

const stores = new WeakMap<AppContext, VerificationCodes>();

/** The code store of one app. */
export function codesOf(ctx: AppContext): VerificationCodes {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new VerificationCodes(ctx.db)));
  return store;
}
