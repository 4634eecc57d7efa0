import { affTransferParamsSchema, randomSuffix } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { affCodeTaken, findUser, transferAffQuota } from './users.repository.js';
import { isUniqueViolation } from '../../db/query-helpers.js';

const AFF_CODE_LENGTH = 4;
const TRIES_PER_LENGTH = 8;

/**
 * A free invitation code: 4 characters like new-api, growing by one character whenever eight draws in a row
 * collide, so the space never runs out. A concurrent writer can still take it; callers retry on a unique error.
 */
export async function newAffCode(db: Db): Promise<string> {
  for (let length = AFF_CODE_LENGTH; ; length++) {
    for (let i = 0; i < TRIES_PER_LENGTH; i++) {
      const code = randomSuffix(length);
      if (!(await affCodeTaken(db, code))) return code;
    }
  }
}

/** Runs `attempt` with fresh codes until no unique index complains (a race with another registration). */
export async function withFreshAffCode<T>(db: Db, attempt: (code: string) => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(await newAffCode(db));
    } catch (err) {
      if (i >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** `GET /api/user/aff`: the caller's invitation code, created on first call for accounts that lack one. */
export async function getOrCreateAffCode(ctx: AppContext, userId: number): Promise<string> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound('user.notFound');
  if (user.aff_code) return user.aff_code;
  await withFreshAffCode(ctx.db, (code) =>
    ctx.db
      .updateTable('users')
      .set({ aff_code: code })
      .where('id', '=', userId)
      // Only when still unset: two first calls at once must agree on one code.
      .where((eb) => eb.or([eb('aff_code', 'is', null), eb('aff_code', '=', '')]))
      .execute(),
  );
  const fresh = await findUser(ctx.db, userId);
  return fresh?.aff_code ?? '';
}

/** `POST /api/user/aff_transfer`: at least one quota unit, never more than the pending earnings. */
export async function transferAff(ctx: AppContext, userId: number, body: unknown): Promise<void> {
  const { quota } = parse(affTransferParamsSchema(ctx.options.number('QuotaPerUnit')), body);
  if (!(await transferAffQuota(ctx.db, userId, quota))) throw conflict('user.affQuotaInsufficient');
}
