import { AUDIT_ROUTES as R } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { listAuditLogs, findAuditLog } from './audit.repository.js';
import { revertEntry, toAuditEntry } from './audit.service.js';

/**
 * `/api/audit` (root only): the trail of management writes. Read and revert only: no route edits or deletes an
 * entry, and a revert is a new entry.
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, R.list, { query: true }, async ({ req, query }) => {
    const page = pageRequest(req.query);
    const { actor_id, target_type, target_id, start_timestamp, end_timestamp } = query;
    const filter = { actor_id, target_type, target_id, start_timestamp, end_timestamp };
    const { rows, total } = await listAuditLogs(ctx.db, filter, {
      offset: page.offset,
      limit: page.pageSize,
    });
    return ok(pageBody(page, rows.map(toAuditEntry), total));
  });

  apiRoute(app, R.get, async ({ id }) => {
    const row = await findAuditLog(ctx.db, id);
    if (!row) throw notFound('audit.notFound');
    return ok(toAuditEntry(row));
  });

  apiRoute(app, R.revert, async ({ req, id }) => ok(await revertEntry(ctx, caller(req), id)));
}
