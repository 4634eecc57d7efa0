import { translate } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { cookieAttributes } from '../../http/cookies.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { SESSION_COOKIE } from '../../http/session-lookup.js';
import { getOrCreateAffCode, transferAff } from './aff.js';
import { register } from './register.js';
import {
  deleteSelf,
  generateAccessToken,
  getSelf,
  groupsWithRatio,
  updateSelf,
  updateSetting,
  userModels,
} from './self.service.js';

const user = { config: { auth: 'user' as const } };

/** Registration and the logged-in user's own account (contract §3.2–3.3). */
export async function selfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/user/register', { config: { critical: true, turnstile: true } }, async (req) => {
    await register(ctx, req.body);
    return ok();
  });

  app.get('/api/user/self', user, async (req) => ok(await getSelf(ctx, caller(req).id)));

  app.put('/api/user/self', user, async (req, reply) => {
    const loggedOut = await updateSelf(ctx, caller(req).id, req.body);
    if (loggedOut) reply.clearCookie(SESSION_COOKIE, cookieAttributes(ctx, req));
    return ok();
  });

  app.delete('/api/user/self', user, async (req, reply) => {
    const me = caller(req);
    await deleteSelf(ctx, me.id, me.role);
    reply.clearCookie(SESSION_COOKIE, cookieAttributes(ctx, req));
    return ok();
  });

  app.get('/api/user/token', user, async (req) => ok(await generateAccessToken(ctx, caller(req).id)));

  app.get('/api/user/aff', user, async (req) => ok(await getOrCreateAffCode(ctx, caller(req).id)));

  app.post('/api/user/aff_transfer', user, async (req) => {
    await transferAff(ctx, caller(req).id, req.body);
    return ok(undefined, translate('user.affTransferDone', requestLang(req)));
  });

  app.get('/api/user/self/groups', user, async (req) =>
    ok(groupsWithRatio(ctx, caller(req).group, requestLang(req))),
  );

  // Public: a logged-in caller also sees their own group, a visitor only the generally usable ones.
  app.get('/api/user/groups', { config: { auth: 'optional' } }, async (req) =>
    ok(groupsWithRatio(ctx, req.user?.group ?? '', requestLang(req))),
  );

  app.get('/api/user/models', user, async (req) => ok(await userModels(ctx, caller(req).group)));

  app.put('/api/user/setting', user, async (req) => {
    await updateSetting(ctx, caller(req).id, req.body);
    return ok(undefined, translate('user.settingUpdated', requestLang(req)));
  });
}
