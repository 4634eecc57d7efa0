import { GROUP_ROUTES, USER_ROUTES, UserSearchParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { parse } from '../../http/validate.js';
import { createUser, getUser, hardDeleteUser, listOrSearch, updateUser } from './admin.service.js';
import { manageUser } from './manage.js';
import { selfRoutes } from './self.routes.js';

const R = USER_ROUTES;
const SearchFilterSchema = UserSearchParamsSchema.pick({ keyword: true, group: true });

/** `/api/user/*` (self and admin, contract §3.2–3.4) and `GET /api/group/`. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await selfRoutes(app, ctx);

  apiRoute(app, R.list, async ({ req }) => {
    const page = pageRequest(req.query);
    const { items, total } = await listOrSearch(ctx, {}, page);
    return ok(pageBody(page, items, total));
  });

  // Paging by pageRequest first, then the filters (the descriptor's params also hold the client's paging).
  apiRoute(app, R.search, async ({ req }) => {
    const page = pageRequest(req.query);
    const filter = parse(SearchFilterSchema, req.query);
    const { items, total } = await listOrSearch(ctx, filter, page);
    return ok(pageBody(page, items, total));
  });

  apiRoute(app, R.get, async ({ req, id }) => ok(await getUser(ctx, caller(req), id)));

  apiRoute(app, R.create, { body: true }, async ({ req, body }) => {
    await createUser(ctx, caller(req), body);
    return ok();
  });

  apiRoute(app, R.update, { body: true }, async ({ req, body }) => {
    await updateUser(ctx, caller(req), body);
    return ok();
  });

  // One route for users.manage and its per-action methods (promote, demote, enable, disable, softDelete).
  apiRoute(app, R.manage, { body: true }, async ({ req, body }) =>
    ok(await manageUser(ctx, caller(req), body)),
  );

  // new-api answers a successful hard delete with an empty body; we send the envelope like every other call.
  apiRoute(app, R.delete, async ({ req, id }) => {
    await hardDeleteUser(ctx, caller(req), id);
    return ok();
  });

  apiRoute(app, GROUP_ROUTES.list, async () =>
    ok(Object.keys(ctx.options.json<Record<string, number>>('GroupRatio', {}))),
  );
}
