import type { RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import { IdSchema, ListParamsSchema } from '../schemas/common.js';
import { RevealedKeySchema } from '../schemas/responses.js';
import {
  TokenCreateParamsSchema,
  TokenSchema,
  TokenSearchParamsSchema,
  TokenStatusUpdateParamsSchema,
  TokenUpdateParamsSchema,
  type Token,
  type TokenCreateParams,
  type TokenSearchParams,
  type TokenStatusUpdateParams,
  type TokenUpdateParams,
} from '../schemas/token.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.tokens` (always scoped to the caller). */
export const TOKEN_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/token/',
    summary: 'List own tokens, keys included',
    auth: 'user',
    paged: LIST_PAGING.tokens,
    params: ListParamsSchema,
    response: TokenSchema,
  },
  search: {
    method: 'GET',
    path: '/api/token/search',
    summary: 'Search own tokens by name and key',
    auth: 'user',
    paged: LIST_PAGING.tokenSearch,
    params: TokenSearchParamsSchema,
    response: TokenSchema,
  },
  get: { method: 'GET', path: '/api/token/:id', summary: 'Get a token', auth: 'user', response: TokenSchema },
  create: {
    method: 'POST',
    path: '/api/token/',
    summary: 'Create a token',
    auth: 'user',
    body: TokenCreateParamsSchema,
    response: null,
  },
  update: {
    method: 'PUT',
    path: '/api/token/',
    summary: 'Update a token',
    auth: 'user',
    body: TokenUpdateParamsSchema,
    response: TokenSchema,
  },
  updateStatus: {
    method: 'PUT',
    path: '/api/token/',
    query: { status_only: 'true' },
    summary: 'Enable or disable a token',
    auth: 'user',
    body: TokenStatusUpdateParamsSchema,
    response: TokenSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/token/:id',
    summary: 'Delete a token',
    auth: 'user',
    response: null,
  },
  revealKey: {
    method: 'POST',
    path: '/api/token/:id/key',
    summary: 'Reveal a token’s full sk- key',
    auth: 'user',
    response: RevealedKeySchema,
  },
});

const R = TOKEN_ROUTES;

/** The caller's API keys (`sk-…`) for the relay. */
export class TokensResource extends ApiResource {
  /** Lists own tokens, newest first, with their full keys (stored without `sk-`). */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Token> {
    return this.paginate(R.list, TokenSchema, ListParamsSchema, params, options);
  }

  /** Searches own tokens: `keyword` matches the name, `token` a key fragment (`sk-` optional). */
  search(params?: TokenSearchParams & PageParams, options?: RequestOptions): PagePromise<Token> {
    return this.paginate(R.search, TokenSchema, TokenSearchParamsSchema, params, options);
  }

  /** Gets a token. */
  async get(id: number, options?: RequestOptions): Promise<Token> {
    return this.fetch(R.get, TokenSchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /** Creates a token; new-api answers without it, so list or search to read the generated key. */
  async create(params: TokenCreateParams, options?: RequestOptions): Promise<void> {
    await this.send(R.create, { body: this.check(TokenCreateParamsSchema, params), options });
  }

  /** Updates a token; new-api rewrites every editable field, so send the full token. Resolves to the saved token. */
  async update(id: number, params: Omit<TokenUpdateParams, 'id'>, options?: RequestOptions): Promise<Token> {
    const body = this.check(TokenUpdateParamsSchema, { ...params, id });
    return this.fetch(R.update, TokenSchema, { body, options });
  }

  /** Enables (1) or disables (2) a token; an expired or exhausted token cannot be enabled. */
  async updateStatus(
    id: number,
    status: TokenStatusUpdateParams['status'],
    options?: RequestOptions,
  ): Promise<Token> {
    const body = this.check(TokenStatusUpdateParamsSchema, { id, status });
    return this.fetch(R.updateStatus, TokenSchema, { body, options });
  }

  /**
   * Reveals the full key (`sk-…`) of one of the caller's tokens. Lists hide most of the key;
   * this is the one way to read it again after creation.
   */
  async revealKey(id: number, options?: RequestOptions): Promise<string> {
    const { key } = await this.fetch(R.revealKey, RevealedKeySchema, {
      pathParams: { id: this.check(IdSchema, id) },
      options,
    });
    return key;
  }

  /** Deletes a token. */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.send(R.delete, { pathParams: { id: this.check(IdSchema, id) }, options });
  }
}
