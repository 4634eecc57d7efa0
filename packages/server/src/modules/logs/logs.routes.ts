import { LOG_ROUTES as R, LogStatParamsSchema, USAGE_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { LOG_SEARCH_LIMIT, UNPAGED_SEARCH_LIMIT, unpaged } from '../../http/legacy-paging.js';
import { parse } from '../../http/validate.js';
import type { LogFilter } from './logs.repository.js';
import {
  deleteLogs,
  listLogPage,
  logStat,
  searchLogPage,
  tokenLogPage,
  type LogViewer,
} from './logs.service.js';
import { listOwnUsage, listUsage } from './usage.service.js';

/** The filters of a list or stat query, read with the stat schema (the list schema also checks paging keys). */
function filterOf(query: z.output<typeof LogStatParamsSchema>): LogFilter {
  const { type, username, token_name, model_name, channel, group, start_timestamp, end_timestamp } = query;
  return { type, username, token_name, model_name, channel, group, start_timestamp, end_timestamp };
}

const self = (req: FastifyRequest): LogViewer => ({ admin: false, userId: caller(req).id });
const asAdmin: LogViewer = { admin: true };

/** `/api/log/*` (usage logs) and `/api/data/*` (the dashboard's hourly usage), reference §3.9. */
export async function logsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The list schema checks the query first; then paging (p, page_size and aliases), then the filters.
  const list = async (req: FastifyRequest, viewer: LogViewer) => {
    const page = pageRequest(req.query);
    const { items, total } = await listLogPage(
      ctx,
      filterOf(parse(LogStatParamsSchema, req.query)),
      viewer,
      page,
    );
    return ok(pageBody(page, items, total));
  };
  // 0.4.8: the newest 100 matches, a bare array.
  const search = async (keyword: string, viewer: LogViewer) =>
    ok((await searchLogPage(ctx, keyword, viewer, unpaged(LOG_SEARCH_LIMIT))).items);

  apiRoute(app, R.list, { query: true }, ({ req }) => list(req, asAdmin));
  apiRoute(app, R.listSelf, { query: true }, ({ req }) => list(req, self(req)));
  apiRoute(app, R.search, { query: true }, ({ query }) => search(query.keyword, asAdmin));
  apiRoute(app, R.searchSelf, { query: true }, ({ req, query }) => search(query.keyword, self(req)));
  // Key-lookup pages call this from other origins without logging in: the key itself is the credential.
  apiRoute(app, R.listByToken, { query: true }, async ({ reply, query }) => {
    reply.header('Access-Control-Allow-Origin', '*');
    // 0.4.8: every log of the key, unpaged, a bare array.
    const [items] = await tokenLogPage(ctx, query.key, unpaged(UNPAGED_SEARCH_LIMIT));
    return ok(items);
  });
  apiRoute(app, R.stat, { query: true }, async ({ query }) =>
    ok(await logStat(ctx, filterOf(query), asAdmin)),
  );
  apiRoute(app, R.statSelf, { query: true }, async ({ req, query }) =>
    ok(await logStat(ctx, filterOf(query), self(req))),
  );
  apiRoute(app, R.delete, { query: true }, async ({ req, query }) =>
    ok(await deleteLogs(ctx, caller(req), query.target_timestamp)),
  );

  // The dashboard asks for a whole window at once, so these answer bare arrays (new-api's shape), unpaged.
  apiRoute(app, USAGE_ROUTES.list, { query: true }, async ({ query }) => ok(await listUsage(ctx, query)));
  apiRoute(app, USAGE_ROUTES.listSelf, { query: true }, async ({ req, query }) =>
    ok(await listOwnUsage(ctx, caller(req).id, query)),
  );
}
