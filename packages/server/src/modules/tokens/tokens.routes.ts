import {
  BoolFlagSchema,
  TOKEN_ROUTES,
  TokenBatchParamsSchema,
  TokenCreateParamsSchema,
  TokenStatusUpdateParamsSchema,
  TokenUpdateParamsSchema,
} from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { UNPAGED_SEARCH_LIMIT, unpaged, zeroBasedPageRequest } from '../../http/legacy-paging.js';
import type { PageRequest } from '../../http/paging.js';
import { parse } from '../../http/validate.js';
import { listTokens, softDeleteToken, type TokenFilter } from './tokens.repository.js';
import {
  createTokens,
  getOwnToken,
  tokenDto,
  tokenDtos,
  updateTokenFully,
  updateTokenStatus,
} from './tokens.service.js';

const R = TOKEN_ROUTES;

/** `/api/token`: the caller's own API keys (contract §3.7); another user's token id answers 404. */
export async function tokensRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // 0.4.8's shape for both: a bare array of tokens, id descending.
  const list = async (page: PageRequest, filter: TokenFilter) => {
    const { rows } = await listTokens(ctx.db, filter, { offset: page.offset, limit: page.pageSize });
    return ok(await tokenDtos(ctx, rows));
  };

  // `p` 0-based and `size` (or `page_size`), as the 0.4.8 console sends them.
  apiRoute(app, R.list, async ({ req }) => list(zeroBasedPageRequest(req.query), { userId: caller(req).id }));

  apiRoute(app, R.search, { query: true }, async ({ req, query: { keyword, token } }) =>
    list(unpaged(UNPAGED_SEARCH_LIMIT), { userId: caller(req).id, keyword, key: token }),
  );

  apiRoute(app, R.get, async ({ req, id }) =>
    ok(await tokenDto(ctx, await getOwnToken(ctx, caller(req), id))),
  );

  // The one way to read a full key after creation; owner only (getOwnToken is scoped to the caller).
  apiRoute(app, R.revealKey, async ({ req, id }) => {
    const row = await getOwnToken(ctx, caller(req), id);
    return ok({ key: `sk-${row.key}` });
  });

  // `count` is optional: without it the body is a plain single-token create (tokens.create), with it a batch.
  apiRoute(app, R.create, async ({ req }) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params =
      body.count === undefined
        ? { ...parse(TokenCreateParamsSchema, body), count: 1 }
        : parse(TokenBatchParamsSchema, body);
    return ok(await createTokens(ctx, caller(req), params, params.count));
  });

  // tokens.update, and tokens.updateStatus with `?status_only=true`.
  apiRoute(app, R.update, async ({ req }) => {
    const flag = (req.query as { status_only?: string }).status_only;
    const statusOnly = flag ? parse(BoolFlagSchema, flag) : false;
    if (statusOnly) {
      const { id, status } = parse(TokenStatusUpdateParamsSchema, req.body);
      return ok(await updateTokenStatus(ctx, caller(req), id, status));
    }
    return ok(await updateTokenFully(ctx, caller(req), parse(TokenUpdateParamsSchema, req.body)));
  });

  apiRoute(app, R.delete, async ({ req, id }) => {
    const deleted = await softDeleteToken(ctx.db, caller(req).id, id, ctx.now());
    if (deleted === 0) throw notFound('token.notFound');
    return ok();
  });
}
