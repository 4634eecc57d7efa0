import { IdSchema, UserSearchParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { parse } from '../../http/validate.js';
import { createUser, getUser, hardDeleteUser, listOrSearch, updateUser } from './admin.service.js';
import { manageUser } from './manage.js';
import { selfRoutes } from './self.routes.js';

const admin = { config: { auth: 'admin' as const } };
const SearchFilterSchema = UserSearchParamsSchema.pick({ keyword: true, group: true });

/** `/api/user/*` (self and admin, contract §3.2–3.4) and `GET /api/group/`. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await selfRoutes(app, ctx);

  app.get('/api/user/', admin, async (req) => {
    const page = pageRequest(req.query);
    const { items, total } = await listOrSearch(ctx, {}, page);
    return ok(pageBody(page, items, total));
  });

  app.get('/api/user/search', admin, async (req) => {
    const page = pageRequest(req.query);
    const filter = parse(SearchFilterSchema, req.query);
    const { items, total } = await listOrSearch(ctx, filter, page);
    return ok(pageBody(page, items, total));
  });

  app.get('/api/user/:id', admin, async (req) => {
    const id = parse(IdSchema, (req.params as { id: string }).id);
    return ok(await getUser(ctx, caller(req), id));
  });

  app.post('/api/user/', admin, async (req) => {
    await createUser(ctx, caller(req), req.body);
    return ok();
  });

  app.put('/api/user/', admin, async (req) => {
    await updateUser(ctx, caller(req), req.body);
    return ok();
  });

  app.post('/api/user/manage', admin, async (req) => ok(await manageUser(ctx, caller(req), req.body)));

  // new-api answers a successful hard delete with an empty body; we send the envelope like every other call.
  app.delete('/api/user/:id', admin, async (req) => {
    const id = parse(IdSchema, (req.params as { id: string }).id);
    await hardDeleteUser(ctx, caller(req), id);
    return ok();
  });

  app.get('/api/group/', admin, async () =>
    ok(Object.keys(ctx.options.json<Record<string, number>>('GroupRatio', {}))),
  );
}
