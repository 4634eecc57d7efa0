import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { NameListSchema } from '../schemas/responses.js';
import { ApiResource } from './resource.js';

/** Routes of `client.groups`. */
export const GROUP_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/group/',
    summary: 'Group names (the keys of GroupRatio)',
    auth: 'admin',
    response: NameListSchema,
  },
});

const R = GROUP_ROUTES;

/** Pricing groups. */
export class GroupsResource extends ApiResource {
  /** Lists every group name configured in GroupRatio. */
  async list(options?: RequestOptions): Promise<string[]> {
    return (await this.fetch(R.list, NameListSchema, { options })) ?? [];
  }
}
