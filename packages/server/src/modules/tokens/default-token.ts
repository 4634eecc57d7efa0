import { randomSuffix, TokenStatus } from '@switchboard/sdk';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/tables.js';
import { insertToken } from './tokens.repository.js';
import { TOKEN_KEY_LENGTH } from './tokens.service.js';

/**
 * `GENERATE_DEFAULT_TOKEN`: a new account's first token, as new-api's registration makes it: named
 * "<username>的初始令牌", never expiring, unlimited (its remain_quota of 500000 is only shown). Written in the
 * registration's transaction, so an account never exists without it.
 */
export async function insertDefaultToken(
  ctx: AppContext,
  trx: Kysely<Database>,
  user: { id: number; username: string },
): Promise<void> {
  if (!ctx.config.generateDefaultToken) return;
  const now = ctx.now();
  await insertToken(trx, {
    user_id: user.id,
    key: randomSuffix(TOKEN_KEY_LENGTH),
    name: `${user.username}的初始令牌`,
    status: TokenStatus.Enabled,
    created_time: now,
    accessed_time: now,
    expired_time: -1,
    remain_quota: 500_000,
    unlimited_quota: 1,
    model_limits_enabled: 0,
  });
}
