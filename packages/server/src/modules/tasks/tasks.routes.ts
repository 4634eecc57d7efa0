import {
  DRAWING_ROUTES,
  TASK_ROUTES,
  type DrawingListParamsSchema,
  type TaskListParamsSchema,
} from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { zeroBasedPageRequest } from '../../http/legacy-paging.js';
import { drawingPage, taskPage } from './tasks.service.js';

type Input<S extends z.ZodType> = { req: FastifyRequest; query: z.output<S> };

/**
 * `/api/mj/*` (drawing tasks) and `/api/task/*` (async tasks), reference §3.10: bare arrays, `p` 0-based,
 * 10 per page unless `page_size` says otherwise. Self lists ignore channel_id.
 */
export async function tasksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const drawings = async ({ req, query }: Input<typeof DrawingListParamsSchema>, own: boolean) => {
    const { channel_id, mj_id, start_timestamp, end_timestamp } = query;
    const page = zeroBasedPageRequest(req.query);
    const filter = own
      ? { userId: caller(req).id, mj_id, start_timestamp, end_timestamp }
      : { channel_id, mj_id, start_timestamp, end_timestamp };
    return ok((await drawingPage(ctx, filter, page)).items);
  };
  const tasks = async ({ req, query }: Input<typeof TaskListParamsSchema>, own: boolean) => {
    const { page: _p, pageSize: _s, channel_id, ...filters } = query;
    const page = zeroBasedPageRequest(req.query);
    const filter = own ? { ...filters, userId: caller(req).id } : { ...filters, channel_id };
    return ok((await taskPage(ctx, filter, page)).items);
  };

  apiRoute(app, DRAWING_ROUTES.list, { query: true }, (input) => drawings(input, false));
  apiRoute(app, DRAWING_ROUTES.listSelf, { query: true }, (input) => drawings(input, true));
  apiRoute(app, TASK_ROUTES.list, { query: true }, (input) => tasks(input, false));
  apiRoute(app, TASK_ROUTES.listSelf, { query: true }, (input) => tasks(input, true));
}
