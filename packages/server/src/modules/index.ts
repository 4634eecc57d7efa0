import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { recordRoutes } from '../http/api-route.js';
import { auditRoutes } from './audit/audit.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { emailRoutes } from './email/email.routes.js';
import { logsRoutes } from './logs/logs.routes.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { openapiRoutes } from './openapi/openapi.routes.js';
import { optionsRoutes } from './options/options.routes.js';
import { paymentRoutes } from './payment/payment.routes.js';
import { pricingRoutes } from './pricing/pricing.routes.js';
import { redemptionsRoutes } from './redemptions/redemptions.routes.js';
import { statusRoutes } from './status/status.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { authRoutes } from './users/auth.routes.js';
import { usageRankRoutes } from './usage/usage-rank.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every route group; each module registers its own routes (the record covers the relay's, which follow). */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  recordRoutes(app);
  await statusRoutes(app, ctx);
  await authRoutes(app, ctx);
  await emailRoutes(app, ctx);
  await oauthRoutes(app, ctx);
  await usersRoutes(app, ctx);
  await optionsRoutes(app, ctx);
  await channelsRoutes(app, ctx);
  await tokensRoutes(app, ctx);
  await redemptionsRoutes(app, ctx);
  await paymentRoutes(app, ctx);
  await logsRoutes(app, ctx);
  await usageRankRoutes(app, ctx);
  await tasksRoutes(app, ctx);
  await pricingRoutes(app, ctx);
  await openapiRoutes(app, ctx);
  await auditRoutes(app, ctx);
}
