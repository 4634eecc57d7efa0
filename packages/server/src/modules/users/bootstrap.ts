import { Role } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { DEFAULT_ROOT_PASSWORD, hashPassword } from './password.js';

/**
 * First start with an empty users table creates `root` (role 100), as new-api 0.4.8 does. Returns whether the
 * well-known default password was used, so start-up can warn loudly.
 */
export async function bootstrapRoot(
  ctx: AppContext,
): Promise<{ created: boolean; defaultPassword: boolean }> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false, defaultPassword: false };
  const password = ctx.config.initialRootPassword ?? DEFAULT_ROOT_PASSWORD;
  try {
    await ctx.db
      .insertInto('users')
      .values({
        username: 'root',
        password: await hashPassword(password),
        display_name: 'Root User',
        role: Role.Root,
        status: 1,
        quota: 100_000_000,
        created_time: ctx.now(),
      })
      .execute();
  } catch (err) {
    // Several nodes starting on one new database at once: one of them made root.
    if (isUniqueViolation(err)) return { created: false, defaultPassword: false };
    throw err;
  }
  return { created: true, defaultPassword: password === DEFAULT_ROOT_PASSWORD };
}
