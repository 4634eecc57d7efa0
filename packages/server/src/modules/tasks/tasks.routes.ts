import { DrawingListParamsSchema, TaskListParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { zeroBasedPageRequest } from '../../http/legacy-paging.js';
import { parse } from '../../http/validate.js';
import { drawingPage, taskPage } from './tasks.service.js';

const admin = { config: { auth: 'admin' as const } };
const user = { config: { auth: 'user' as const } };

/**
 * `/api/mj/*` (drawing tasks) and `/api/task/*` (async tasks), reference §3.10: bare arrays, `p` 0-based,
 * 10 per page unless `page_size` says otherwise. Self lists ignore channel_id.
 */
export async function tasksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const drawings = async (req: FastifyRequest, own: boolean) => {
    const { channel_id, mj_id, start_timestamp, end_timestamp } = parse(DrawingListParamsSchema, req.query);
    const page = zeroBasedPageRequest(req.query);
    const query = own
      ? { userId: caller(req).id, mj_id, start_timestamp, end_timestamp }
      : { channel_id, mj_id, start_timestamp, end_timestamp };
    return ok((await drawingPage(ctx, query, page)).items);
  };
  const tasks = async (req: FastifyRequest, own: boolean) => {
    const { page: _p, pageSize: _s, channel_id, ...filters } = parse(TaskListParamsSchema, req.query);
    const page = zeroBasedPageRequest(req.query);
    const filter = own ? { ...filters, userId: caller(req).id } : { ...filters, channel_id };
    return ok((await taskPage(ctx, filter, page)).items);
  };

  app.get('/api/mj/', admin, (req) => drawings(req, false));
  app.get('/api/mj/self', user, (req) => drawings(req, true));
  app.get('/api/task/', admin, (req) => tasks(req, false));
  app.get('/api/task/self', user, (req) => tasks(req, true));
}
