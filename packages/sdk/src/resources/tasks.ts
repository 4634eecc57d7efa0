import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import { TaskListParamsSchema, TaskSchema, type Task, type TaskListParams } from '../schemas/task.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.tasks` (async music and other tasks). */
export const TASK_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/task/',
    summary: 'List every user’s async tasks',
    auth: 'admin',
    paged: LIST_PAGING.tasks,
    params: TaskListParamsSchema,
    response: TaskSchema,
  },
  listSelf: {
    method: 'GET',
    path: '/api/task/self',
    summary: 'List own async tasks',
    auth: 'user',
    paged: LIST_PAGING.tasks,
    params: TaskListParamsSchema,
    response: TaskSchema,
  },
});

const R = TASK_ROUTES;

/** Async tasks (Suno music and lyrics); new-api serves 10 per page whatever the page size asked. */
export class TasksResource extends ApiResource {
  /** Lists every user's tasks, filtered by platform, task id, status, action and submit time. */
  list(params?: TaskListParams, options?: RequestOptions): PagePromise<Task> {
    return this.paginate(R.list, TaskSchema, TaskListParamsSchema, params, options);
  }

  /** Lists own tasks. */
  listSelf(params?: TaskListParams, options?: RequestOptions): PagePromise<Task> {
    return this.paginate(R.listSelf, TaskSchema, TaskListParamsSchema, params, options);
  }
}
