import { OptionUpdateParamsSchema, translate } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { parse } from '../../http/validate.js';
import { listOptions, resetModelRatio, updateOption } from './options.service.js';

const root = { config: { auth: 'root' as const } };

/** `/api/option/*` (root only), reference §3.5. */
export async function optionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/option/', root, async () => ok(listOptions(ctx)));

  app.put('/api/option/', root, async (req) => {
    const { key, value } = parse(OptionUpdateParamsSchema, req.body);
    await updateOption(ctx, key, value);
    return ok();
  });

  app.post('/api/option/rest_model_ratio', root, async (req) => {
    await resetModelRatio(ctx);
    return ok(undefined, translate('option.modelRatioReset', requestLang(req)));
  });
}
