import { translate, USER_ROUTES, USER_SELF_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
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

const R = USER_SELF_ROUTES;

/** Registration and the logged-in user's own account (contract §3.2–3.3). */
export async function selfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // register() checks that registration is open before it reads the body.
  apiRoute(app, USER_ROUTES.register, async ({ req }) => {
    await register(ctx, req.body);
    return ok();
  });

  apiRoute(app, R.get, async ({ req }) => ok(await getSelf(ctx, caller(req).id)));

  apiRoute(app, R.update, { body: true }, async ({ req, reply, body }) => {
    const loggedOut = await updateSelf(ctx, caller(req).id, body);
    if (loggedOut) reply.clearCookie(SESSION_COOKIE, cookieAttributes(ctx, req));
    return ok();
  });

  apiRoute(app, R.delete, async ({ req, reply }) => {
    const me = caller(req);
    await deleteSelf(ctx, me.id, me.role);
    reply.clearCookie(SESSION_COOKIE, cookieAttributes(ctx, req));
    return ok();
  });

  apiRoute(app, R.generateAccessToken, async ({ req }) => ok(await generateAccessToken(ctx, caller(req).id)));

  apiRoute(app, R.getAffCode, async ({ req }) => ok(await getOrCreateAffCode(ctx, caller(req).id)));

  // The server's schema bounds the quota by the live QuotaPerUnit, so transferAff reads the body.
  apiRoute(app, R.transferAffQuota, async ({ req }) => {
    await transferAff(ctx, caller(req).id, req.body);
    return ok(undefined, translate('user.affTransferDone', requestLang(req)));
  });

  apiRoute(app, R.groups, async ({ req }) => ok(groupsWithRatio(ctx, caller(req).group, requestLang(req))));

  // Public: a logged-in caller also sees their own group, a visitor only the generally usable ones.
  apiRoute(app, USER_ROUTES.groups, { auth: 'optional' }, async ({ req }) =>
    ok(groupsWithRatio(ctx, req.user?.group ?? '', requestLang(req))),
  );

  apiRoute(app, R.models, async ({ req }) => ok(await userModels(ctx, caller(req).group)));

  apiRoute(app, R.updateSetting, { body: true }, async ({ req, body }) => {
    await updateSetting(ctx, caller(req).id, body);
    return ok(undefined, translate('user.settingUpdated', requestLang(req)));
  });
}
