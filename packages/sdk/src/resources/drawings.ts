import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  DrawingListParamsSchema,
  DrawingTaskSchema,
  type DrawingListParams,
  type DrawingTask,
} from '../schemas/task.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.drawings` (Midjourney tasks). */
export const DRAWING_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/mj/',
    summary: 'List every user’s drawing tasks',
    auth: 'admin',
    paged: LIST_PAGING.drawings,
    params: DrawingListParamsSchema,
    response: DrawingTaskSchema,
  },
  listSelf: {
    method: 'GET',
    path: '/api/mj/self',
    summary: 'List own drawing tasks',
    auth: 'user',
    paged: LIST_PAGING.drawings,
    params: DrawingListParamsSchema,
    response: DrawingTaskSchema,
  },
});

const R = DRAWING_ROUTES;

/** Drawing (Midjourney) tasks; new-api serves 10 per page whatever the page size asked. */
export class DrawingsResource extends ApiResource {
  /** Lists every user's drawing tasks, filtered by channel, task id and submit time. */
  list(params?: DrawingListParams, options?: RequestOptions): PagePromise<DrawingTask> {
    return this.paginate(R.list, DrawingTaskSchema, DrawingListParamsSchema, params, options);
  }

  /** Lists own drawing tasks (`channel_id` is ignored). */
  listSelf(params?: DrawingListParams, options?: RequestOptions): PagePromise<DrawingTask> {
    return this.paginate(R.listSelf, DrawingTaskSchema, DrawingListParamsSchema, params, options);
  }
}
