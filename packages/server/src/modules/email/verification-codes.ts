import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** How long a mailed code or reset link stays valid (new-api's VerificationValidMinutes). */
export const CODE_TTL_S = 10 * 60;
/** One mail per address and purpose per this many seconds (the console's resend countdown). */
export const RESEND_INTERVAL_S = 30;
/** Bound on pending codes, so a flood of addresses cannot grow the map without end. */
const MAX_PENDING = 10_000;

export type CodePurpose = 'verify' | 'reset';

/**
 * Wrong tries after which a code is burned. A verification code has 24 bits: 5 tries give one chance in
 * 3 million. A reset link has 128 bits and cannot be guessed, so it is never burned: a stranger could
 * otherwise cancel anyone's reset link by sending five wrong ones.
 */
export const MAX_WRONG_TRIES: Record<CodePurpose, number> = { verify: 5, reset: Infinity };

interface Pending {
  code: string;
  issuedAt: number;
  wrongTries: number;
}

/** Addresses compare case-insensitively: the code is bound to the mailbox, not to its spelling. */
export const addressKey = (email: string) => email.trim().toLowerCase();

/**
 * Codes mailed for email verification and password reset: each bound to one purpose and one address, valid
 * `CODE_TTL_S`, used once, burned after `MAX_WRONG_TRIES`. Kept in memory like new-api's, so a code is good on the
 * node that mailed it.
 */
export class VerificationCodes {
  readonly #pending = new Map<string, Pending>();

  /**
   * Issues a fresh code (replacing an older one), or answers the seconds left before the address may get
   * another mail. `length` 0 gives a 32-hex link token.
   */
  issue(
    purpose: CodePurpose,
    email: string,
    now: number,
    length: number,
  ): { code: string } | { wait: number } {
    const key = `${purpose}:${addressKey(email)}`;
    const known = this.#pending.get(key);
    if (known && now - known.issuedAt < RESEND_INTERVAL_S)
      return { wait: RESEND_INTERVAL_S - (now - known.issuedAt) };
    if (this.#pending.size >= MAX_PENDING) this.#purge(now);
    const hex = randomBytes(16).toString('hex');
    const code = length > 0 ? hex.slice(0, length) : hex;
    this.#pending.set(key, { code, issuedAt: now, wrongTries: 0 });
    return { code };
  }

  /**
   * Whether `code` is the live code of this address; `consume` also makes it unusable from now on. A wrong
   * code counts against the live one, which is burned at `MAX_WRONG_TRIES`.
   */
  check(purpose: CodePurpose, email: string, code: string, now: number, consume = false): boolean {
    const key = `${purpose}:${addressKey(email)}`;
    const pending = this.#pending.get(key);
    if (!pending || !pending.code || now - pending.issuedAt >= CODE_TTL_S) return false;
    if (!code || pending.code !== code.trim()) {
      if (++pending.wrongTries >= MAX_WRONG_TRIES[purpose]) pending.code = '';
      return false;
    }
    if (consume) pending.code = '';
    return true;
  }

  /** Makes this address's pending code unusable; the resend limit still counts from its issue time. */
  burn(purpose: CodePurpose, email: string): void {
    const pending = this.#pending.get(`${purpose}:${addressKey(email)}`);
    if (pending) pending.code = '';
  }

  #purge(now: number): void {
    for (const [key, value] of this.#pending)
      if (now - value.issuedAt >= CODE_TTL_S) this.#pending.delete(key);
    // Still full of live codes: drop the oldest rather than refuse everyone.
    while (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
  }
}

const stores = new WeakMap<AppContext, VerificationCodes>();

/** The code store of one app. */
export function codesOf(ctx: AppContext): VerificationCodes {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new VerificationCodes()));
  return store;
}
