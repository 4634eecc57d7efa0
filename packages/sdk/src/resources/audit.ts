import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  AuditEntrySchema,
  AuditListParamsSchema,
  type AuditEntry,
  type AuditListParams,
} from '../schemas/audit.js';
import { IdSchema } from '../schemas/common.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.audit` (root): the audit trail of management writes (issue 27). */
export const AUDIT_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/audit',
    summary: 'List audit entries, newest first, by actor, target and time',
    auth: 'root',
    paged: LIST_PAGING.audit,
    params: AuditListParamsSchema,
    response: AuditEntrySchema,
  },
  get: {
    method: 'GET',
    path: '/api/audit/:id',
    summary: 'Get one audit entry with its before and after',
    auth: 'root',
    response: AuditEntrySchema,
  },
  revert: {
    method: 'POST',
    path: '/api/audit/:id/revert',
    summary: 'Undo an option or channel change; answers the new (revert) entry',
    auth: 'root',
    response: AuditEntrySchema,
  },
});

const R = AUDIT_ROUTES;

/** Who changed what, when and from where (root). Entries are never edited or deleted through the API. */
export class AuditResource extends ApiResource {
  /** Lists entries, newest first; filter by `actor_id`, `target_type`, `target_id` and a time window. */
  list(params?: AuditListParams, options?: RequestOptions): PagePromise<AuditEntry> {
    return this.paginate(R.list, AuditEntrySchema, AuditListParamsSchema, params, options);
  }

  /** Gets one entry. */
  async get(id: number, options?: RequestOptions): Promise<AuditEntry> {
    return this.fetch(R.get, AuditEntrySchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /**
   * Restores the `before` state of an option or channel entry, as a new audited change; resolves to that new
   * entry. Refused (BusinessError) when the target changed since, was deleted, or the change involved a secret.
   */
  async revert(id: number, options?: RequestOptions): Promise<AuditEntry> {
    return this.fetch(R.revert, AuditEntrySchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }
}
