import { OPTION_ROUTES as R, translate } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { listOptions, resetModelRatio, updateOption } from './options.service.js';

/** `/api/option/*` (root only), reference §3.5. */
export async function optionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // options.list and options.getMap read the same answer.
  apiRoute(app, R.list, async () => ok(listOptions(ctx)));

  // options.update, and options.updateMany one key at a time.
  apiRoute(app, R.update, { body: true }, async ({ req, body: { key, value } }) => {
    await updateOption(ctx, caller(req), key, value);
    return ok();
  });

  apiRoute(app, R.resetModelRatio, async ({ req }) => {
    await resetModelRatio(ctx, caller(req));
    return ok(undefined, translate('option.modelRatioReset', requestLang(req)));
  });
}
