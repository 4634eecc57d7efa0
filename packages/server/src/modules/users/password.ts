import bcrypt from 'bcrypt';

/** bcrypt at new-api's cost, so imported password hashes and ours verify alike. */
const COST = 10;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);

export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(plain, hash);
  } catch {
    return false;
  }
}

/** new-api's well-known first password; logging in with it makes the console insist on a change. */
export const DEFAULT_ROOT_PASSWORD = '123456';
