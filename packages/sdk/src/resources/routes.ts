import { routeKey, type RouteDescriptor, type RouteTable } from '../core/route.js';
import { AUDIT_ROUTES } from './audit.js';
import { CHANNEL_MODEL_ROUTES } from './channel-models.js';
import { CHANNEL_TAG_ROUTES } from './channel-tags.js';
import { CHANNEL_ROUTES } from './channels.js';
import { DRAWING_ROUTES } from './drawings.js';
import { GROUP_ROUTES } from './groups.js';
import { LOG_ROUTES } from './logs.js';
import { MODEL_ROUTES } from './models.js';
import { OAUTH_ROUTES } from './oauth.js';
import { OPTION_ROUTES } from './options.js';
import { PLAYGROUND_ROUTES } from './playground.js';
import { PRICING_ROUTES } from './pricing.js';
import { REDEMPTION_ROUTES } from './redemptions.js';
import { STATUS_ROUTES } from './status.js';
import { TASK_ROUTES } from './tasks.js';
import { TOKEN_ROUTES } from './tokens.js';
import { USAGE_ROUTES } from './usage.js';
import { USER_SELF_ROUTES } from './user-self.js';
import { USER_ROUTES } from './users.js';
import { WALLET_ROUTES } from './wallet.js';

/** Every route table, keyed by where its resource hangs on the client (`client.channels.tags`). */
export const ROUTE_TABLES: Readonly<Record<string, RouteTable>> = {
  status: STATUS_ROUTES,
  users: USER_ROUTES,
  'users.self': USER_SELF_ROUTES,
  oauth: OAUTH_ROUTES,
  options: OPTION_ROUTES,
  channels: CHANNEL_ROUTES,
  'channels.tags': CHANNEL_TAG_ROUTES,
  'channels.models': CHANNEL_MODEL_ROUTES,
  models: MODEL_ROUTES,
  groups: GROUP_ROUTES,
  tokens: TOKEN_ROUTES,
  redemptions: REDEMPTION_ROUTES,
  wallet: WALLET_ROUTES,
  logs: LOG_ROUTES,
  data: USAGE_ROUTES,
  drawings: DRAWING_ROUTES,
  tasks: TASK_ROUTES,
  pricing: PRICING_ROUTES,
  playground: PLAYGROUND_ROUTES,
  audit: AUDIT_ROUTES,
};

/** One SDK method and the HTTP call it makes. */
export interface SdkRoute extends RouteDescriptor {
  /** Where the method lives on a `Client`, e.g. `channels.tags.enable`. */
  sdkMethod: string;
  /** `GET /api/token/?status_only=true`: method, path and fixed query. */
  key: string;
}

/**
 * Every call the SDK can make, one entry per SDK method, in client order. The docs generator
 * (`api.md`) and the server's route-coverage check read this list.
 */
export const SDK_ROUTES: readonly SdkRoute[] = Object.entries(ROUTE_TABLES).flatMap(([resource, table]) =>
  Object.entries(table).map(([name, route]) => ({
    ...route,
    sdkMethod: `${resource}.${name}`,
    key: routeKey(route),
  })),
);
