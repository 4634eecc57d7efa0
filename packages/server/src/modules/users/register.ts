import { RegisterParamsSchema, Role, UserStatus } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { checkVerificationCode, emailTaken } from '../email/email.service.js';
import { parse } from '../../http/validate.js';
import { withFreshAffCode } from './aff.js';
import { hashPassword } from './password.js';
import { findUserIdByAffCode, insertUser, rewardInviter, usernameTaken } from './users.repository.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { insertDefaultToken } from '../tokens/default-token.js';

/**
 * `POST /api/user/register`: a common user with `QuotaForNewUser`. With a valid invitation code the inviter
 * earns `QuotaForInviter` (pending, transferable) and the invitee gets `QuotaForInvitee` on top, all in the
 * same transaction as the insert. An unknown invitation code is ignored, as in new-api.
 */
export async function register(ctx: AppContext, body: unknown): Promise<number> {
  const o = ctx.options;
  if (!o.bool('RegisterEnabled')) throw forbidden('auth.registerDisabled');
  if (!o.bool('PasswordRegisterEnabled')) throw forbidden('auth.passwordRegisterDisabled');
  const params = parse(RegisterParamsSchema, body);
  const verify = o.bool('EmailVerificationEnabled');
  if (verify) {
    if (!params.email || !params.verification_code) throw badRequest('auth.emailVerificationRequired');
    await checkVerificationCode(ctx, params.email, params.verification_code, false);
    if (await emailTaken(ctx, params.email)) throw badRequest('auth.emailTaken');
  }
  const password = await hashPassword(params.password);
  const inviterReward = o.number('QuotaForInviter');
  const inviteeReward = o.number('QuotaForInvitee');
  try {
    return await withFreshAffCode(ctx.db, (affCode) =>
      ctx.db.transaction().execute(async (trx) => {
        if (await usernameTaken(trx, params.username)) throw conflict('auth.usernameTaken');
        const inviterId = params.aff_code ? ((await findUserIdByAffCode(trx, params.aff_code)) ?? 0) : 0;
        const id = await insertUser(trx, {
          username: params.username,
          password,
          display_name: params.username,
          role: Role.Common,
          status: UserStatus.Enabled,
          email: params.email ?? '',
          quota: o.number('QuotaForNewUser') + (inviterId ? inviteeReward : 0),
          aff_code: affCode,
          inviter_id: inviterId,
          created_time: ctx.now(),
        });
        if (inviterId) await rewardInviter(trx, inviterId, inviterReward);
        await insertDefaultToken(ctx, trx, { id, username: params.username });
        // Used up only by the registration that succeeds, in its transaction's last step.
        if (verify) await checkVerificationCode(ctx, params.email!, params.verification_code!, true, trx);
        return id;
      }),
    );
  } catch (err) {
    // Two registrations of one name at once: the unique index decides, the loser gets the usual message.
    if (isUniqueViolation(err)) throw conflict('auth.usernameTaken');
    throw err;
  }
}
