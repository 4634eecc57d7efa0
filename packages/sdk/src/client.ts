import { HttpClient, type ClientOptions } from './core/http.js';
import { AuditResource } from './resources/audit.js';
import { ChannelsResource } from './resources/channels.js';
import { DrawingsResource } from './resources/drawings.js';
import { GroupsResource } from './resources/groups.js';
import { LogsResource } from './resources/logs.js';
import { ModelsResource } from './resources/models.js';
import { OAuthResource } from './resources/oauth.js';
import { OptionsResource } from './resources/options.js';
import { PlaygroundResource } from './resources/playground.js';
import { PricingResource } from './resources/pricing.js';
import { RedemptionsResource } from './resources/redemptions.js';
import { StatusResource } from './resources/status.js';
import { TasksResource } from './resources/tasks.js';
import { TokensResource } from './resources/tokens.js';
import { UsageResource } from './resources/usage.js';
import { UsersResource } from './resources/users.js';
import { WalletResource } from './resources/wallet.js';

/**
 * The typed client of the management API, for Switchboard and new-api 0.4.8 alike, in Node and
 * the browser. Authenticate with an access token plus `userId`, or call `users.login()`.
 *
 * @example
 * const client = new Client({ baseUrl: 'http://localhost:3000', accessToken: 'xxxx', userId: 1 });
 * for await (const channel of client.channels.list()) console.log(channel.name);
 */
export class Client {
  /** Public site information. */
  readonly status: StatusResource;
  /** Registration, login, password reset, own account (`users.self`) and user management. */
  readonly users: UsersResource;
  /** Third-party login and account binding. */
  readonly oauth: OAuthResource;
  /** System options (root). */
  readonly options: OptionsResource;
  /** Upstream channels, their tags and model catalogues (admin). */
  readonly channels: ChannelsResource;
  /** Built-in model names per channel type. */
  readonly models: ModelsResource;
  /** Pricing group names (admin). */
  readonly groups: GroupsResource;
  /** The caller's API keys. */
  readonly tokens: TokensResource;
  /** Redemption codes (admin). */
  readonly redemptions: RedemptionsResource;
  /** Redeeming codes and online payment. */
  readonly wallet: WalletResource;
  /** Usage logs and statistics. */
  readonly logs: LogsResource;
  /** Data dashboard usage rows. */
  readonly data: UsageResource;
  /** Drawing (Midjourney) tasks. */
  readonly drawings: DrawingsResource;
  /** Async (music) tasks. */
  readonly tasks: TasksResource;
  /** Public pricing. */
  readonly pricing: PricingResource;
  /** The streaming chat playground. */
  readonly playground: PlaygroundResource;
  /** The audit trail of management writes (root). */
  readonly audit: AuditResource;
  readonly #http: HttpClient;

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    this.#http = http;
    this.status = new StatusResource(http);
    this.users = new UsersResource(http);
    this.oauth = new OAuthResource(http);
    this.options = new OptionsResource(http);
    this.channels = new ChannelsResource(http);
    this.models = new ModelsResource(http);
    this.groups = new GroupsResource(http);
    this.tokens = new TokensResource(http);
    this.redemptions = new RedemptionsResource(http);
    this.wallet = new WalletResource(http);
    this.logs = new LogsResource(http);
    this.data = new UsageResource(http);
    this.drawings = new DrawingsResource(http);
    this.tasks = new TasksResource(http);
    this.pricing = new PricingResource(http);
    this.playground = new PlaygroundResource(http);
    this.audit = new AuditResource(http);
  }

  /** The user id sent as `New-Api-User`: the configured one, or the one learnt from the last login. */
  get userId(): string | undefined {
    return this.#http.userId;
  }
}

/** Creates a `Client`; same as `new Client(options)`. */
export function createClient(options: ClientOptions): Client {
  return new Client(options);
}
