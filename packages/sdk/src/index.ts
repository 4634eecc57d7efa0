// The public surface of @switchboard/sdk: the client, its core types, and (below) schemas, constants,
// pricing maths and messages written alongside it.
export { Client, createClient } from './client.js';
export type { ClientOptions, RequestOptions, CallInit } from './core/http.js';
export {
  SdkError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  BusinessError,
  StreamError,
  ConnectionError,
  TimeoutError,
  UserAbortError,
  ValidationError,
  ResponseValidationError,
  apiErrorFor,
  messageOf,
  requestIdOf,
  parseRetryAfter,
  type ApiErrorInit,
} from './core/errors.js';
export {
  Page,
  PagePromise,
  pageQuery,
  toPage,
  type ListPaging,
  type PageParams,
  type PageContext,
} from './core/pagination.js';
export {
  followRedirects,
  isRefusedRedirect,
  nextHop,
  RedirectRefusedError,
  type FetchLike,
} from './core/redirects.js';
export { Stream, DONE_MARKER } from './core/stream.js';
export { SseParser, type SseEvent } from './core/sse.js';
export {
  buildPath,
  routeKey,
  type AuthLevel,
  type HttpMethod,
  type RouteDescriptor,
  type RouteTable,
} from './core/route.js';
export type { Envelope } from './core/envelope.js';

export { SDK_ROUTES, ROUTE_TABLES, type SdkRoute } from './resources/routes.js';
export { LIST_PAGING } from './resources/list-paging.js';
export { StatusResource, STATUS_ROUTES } from './resources/status.js';
export { UsersResource, USER_ROUTES, type TurnstileOptions } from './resources/users.js';
export { UserSelfResource, USER_SELF_ROUTES } from './resources/user-self.js';
export { OAuthResource, OAUTH_ROUTES, type OAuthResult, type TelegramAuthParams } from './resources/oauth.js';
export { OptionsResource, OPTION_ROUTES, type OptionValue } from './resources/options.js';
export { ChannelsResource, CHANNEL_ROUTES } from './resources/channels.js';
export {
  testChannels,
  DEFAULT_TEST_CONCURRENCY,
  type ChannelTester,
  type ChannelTestManyOptions,
  type ChannelTestOutcome,
  type ChannelTestTarget,
} from './resources/channel-test-many.js';
export { ChannelTagsResource, CHANNEL_TAG_ROUTES } from './resources/channel-tags.js';
export {
  ChannelModelsResource,
  CHANNEL_MODEL_ROUTES,
  CatalogueModelSchema,
  type CatalogueModel,
} from './resources/channel-models.js';
export { ModelsResource, MODEL_ROUTES } from './resources/models.js';
export { GroupsResource, GROUP_ROUTES } from './resources/groups.js';
export { TokensResource, TOKEN_ROUTES } from './resources/tokens.js';
export { RedemptionsResource, REDEMPTION_ROUTES } from './resources/redemptions.js';
export { WalletResource, WALLET_ROUTES, type PaymentForm } from './resources/wallet.js';
export { LogsResource, LOG_ROUTES } from './resources/logs.js';
export { UsageResource, USAGE_ROUTES } from './resources/usage.js';
export { DrawingsResource, DRAWING_ROUTES } from './resources/drawings.js';
export { TasksResource, TASK_ROUTES } from './resources/tasks.js';
export { PricingResource, PRICING_ROUTES } from './resources/pricing.js';
export {
  PlaygroundResource,
  PLAYGROUND_ROUTES,
  PlaygroundChatParamsSchema,
  PlaygroundMessageSchema,
  ChatCompletionChunkSchema,
  type PlaygroundChatParams,
  type ChatCompletionChunk,
} from './resources/playground.js';

export { AuditResource, AUDIT_ROUTES } from './resources/audit.js';
export * from './schemas/index.js';
export * from './constants/states.js';
export * from './constants/limits.js';
export * from './pricing/index.js';
export * from './i18n/messages.js';
export * from './i18n/translate.js';
