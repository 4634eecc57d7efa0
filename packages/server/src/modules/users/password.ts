import bcrypt from 'bcrypt';

/** bcrypt at new-api's cost, so imported password hashes and ours verify alike. */
const COST = 10;

/**
 * A hash at `COST` of a random secret nobody kept. Compared against when an account has no usable hash (unknown
 * user, an account made by a third-party sign-in), so those answers take as long as a wrong password's and
 * cannot tell which names exist.
 */
const DUMMY_HASH = '$2b$10$BcbHWu4PKokBdX52sz9a6.MBjruF3Pa3pXKO2Jpri6tisl1e/I6bK';

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);

/** A bcrypt hash as bcrypt writes it; anything else (`''` for no password) never matches. */
const BCRYPT_HASH = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Whether `plain` matches `hash`: always one bcrypt comparison, also when there is no hash to match. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  const usable = BCRYPT_HASH.test(hash);
  try {
    return (await bcrypt.compare(plain, usable ? hash : DUMMY_HASH)) && usable;
  } catch {
    return false;
  }
}

/** new-api's well-known first password; logging in with it makes the console insist on a change. */
export const DEFAULT_ROOT_PASSWORD = '123456';
