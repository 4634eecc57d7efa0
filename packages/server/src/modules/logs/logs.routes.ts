import {
  LogClearParamsSchema,
  LogListParamsSchema,
  LogSearchParamsSchema,
  LogStatParamsSchema,
  QuotaDataParamsSchema,
  TokenLogParamsSchema,
} from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
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

const admin = { config: { auth: 'admin' as const } };
const user = { config: { auth: 'user' as const } };

function filterOf(query: unknown): LogFilter {
  // The list schema also checks page/pageSize keys; paging itself is read by pageRequest (p, page_size, aliases).
  const { type, username, token_name, model_name, channel, group, start_timestamp, end_timestamp } = parse(
    LogStatParamsSchema,
    query,
  );
  return { type, username, token_name, model_name, channel, group, start_timestamp, end_timestamp };
}

const self = (req: FastifyRequest): LogViewer => ({ admin: false, userId: caller(req).id });
const asAdmin: LogViewer = { admin: true };

/** `/api/log/*` (usage logs) and `/api/data/*` (the dashboard's hourly usage), reference §3.9. */
export async function logsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const list = async (req: FastifyRequest, viewer: LogViewer) => {
    parse(LogListParamsSchema, req.query);
    const page = pageRequest(req.query);
    const { items, total } = await listLogPage(ctx, filterOf(req.query), viewer, page);
    return ok(pageBody(page, items, total));
  };
  const search = async (req: FastifyRequest, viewer: LogViewer) => {
    const { keyword } = parse(LogSearchParamsSchema, req.query);
    // 0.4.8: the newest 100 matches, a bare array.
    return ok((await searchLogPage(ctx, keyword, viewer, unpaged(LOG_SEARCH_LIMIT))).items);
  };

  app.get('/api/log/', admin, (req) => list(req, asAdmin));
  app.get('/api/log/self', user, (req) => list(req, self(req)));
  app.get('/api/log/search', admin, (req) => search(req, asAdmin));
  app.get('/api/log/self/search', user, (req) => search(req, self(req)));
  // Key-lookup pages call this from other origins without logging in: the key itself is the credential.
  app.get('/api/log/token', async (req, reply) => {
    const { key } = parse(TokenLogParamsSchema, req.query);
    reply.header('Access-Control-Allow-Origin', '*');
    // 0.4.8: every log of the key, unpaged, a bare array.
    const [items] = await tokenLogPage(ctx, key, unpaged(UNPAGED_SEARCH_LIMIT));
    return ok(items);
  });
  app.get('/api/log/stat', admin, async (req) => ok(await logStat(ctx, filterOf(req.query), asAdmin)));
  app.get('/api/log/self/stat', user, async (req) => ok(await logStat(ctx, filterOf(req.query), self(req))));
  app.delete('/api/log/', admin, async (req) => {
    const { target_timestamp } = parse(LogClearParamsSchema, req.query);
    return ok(await deleteLogs(ctx, target_timestamp));
  });

  // The dashboard asks for a whole window at once, so these answer bare arrays (new-api's shape), unpaged.
  app.get('/api/data/', admin, async (req) =>
    ok(await listUsage(ctx, parse(QuotaDataParamsSchema, req.query))),
  );
  app.get('/api/data/self', user, async (req) =>
    ok(await listOwnUsage(ctx, caller(req).id, parse(QuotaDataParamsSchema, req.query))),
  );
}
