import { Chalk, type ChalkInstance } from 'chalk';
import { Client } from '@switchboard/sdk';
import { CliError, ExitCode, usageError } from './errors.js';
import type { QuotaDisplay } from './format.js';
import type { Io } from './io.js';
import { Output, type OutputFlags } from './output.js';
import { Profiles, type Profile } from './profiles.js';
import { Prompts } from './prompts.js';
import { httpFetch } from './http-fetch.js';

/** Flags every command accepts (see program.ts). */
export interface GlobalFlags extends OutputFlags {
  url?: string;
  token?: string;
  user?: string;
  profile?: string;
  yes?: boolean;
  nonInteractive?: boolean;
  color?: boolean;
}

/** Connection settings after flag > env > profile resolution. */
export interface Settings {
  url?: string;
  token?: string;
  userId?: number;
  profileName?: string;
  /** Where each value came from, for `swb status`. */
  sources: Record<'url' | 'token' | 'user', 'flag' | 'env' | 'profile' | 'none'>;
}

/** What a command's `run` gets: settings, the SDK client, output, prompts and profiles. */
export class Context {
  readonly io: Io;
  readonly flags: GlobalFlags;
  readonly out: Output;
  readonly prompts: Prompts;
  readonly color: ChalkInstance;
  #profiles: Profiles | undefined;
  #client: Client | undefined;
  #display: Promise<QuotaDisplay | undefined> | undefined;

  constructor(io: Io, flags: GlobalFlags) {
    this.io = io;
    this.flags = flags;
    const machine =
      flags.json !== undefined || flags.jq !== undefined || (flags.output ?? 'table') !== 'table';
    const plain = !io.stdoutIsTTY || machine || flags.color === false || io.env['NO_COLOR'] !== undefined;
    this.color = new Chalk({ level: plain ? 0 : 1 });
    this.out = new Output(io, flags, this.color, () => this.quotaDisplay());
    this.prompts = new Prompts(io, flags);
  }

  get profiles(): Profiles {
    this.#profiles ??= new Profiles(this.io.env['SWB_CONFIG_DIR']);
    return this.#profiles;
  }

  /** Resolves url, token and user: flag, then SWB_* env, then the chosen or active profile. */
  settings(): Settings {
    const env = this.io.env;
    const profileName = this.flags.profile ?? env['SWB_PROFILE'] ?? this.profiles.active;
    let profile: Profile | undefined;
    if (profileName) {
      profile = this.profiles.get(profileName);
      if (!profile && (this.flags.profile ?? env['SWB_PROFILE']))
        throw usageError(`No profile named "${profileName}"`, 'swb profile list');
    }
    const pick = <T>(flag: T | undefined, fromEnv: T | undefined, fromProfile: T | undefined) =>
      flag !== undefined && flag !== ''
        ? ([flag, 'flag'] as const)
        : fromEnv !== undefined && fromEnv !== ''
          ? ([fromEnv, 'env'] as const)
          : fromProfile !== undefined
            ? ([fromProfile, 'profile'] as const)
            : ([undefined, 'none'] as const);
    const [url, urlSource] = pick(this.flags.url, env['SWB_URL'], profile?.url);
    const [token, tokenSource] = pick(this.flags.token, env['SWB_TOKEN'], profile?.token);
    const [user, userSource] = pick<string | number>(this.flags.user, env['SWB_USER'], profile?.userId);
    let userId: number | undefined;
    if (user !== undefined) {
      userId = Number(user);
      if (!Number.isInteger(userId) || userId < 1)
        throw usageError(`--user / SWB_USER must be the numeric user id, got "${user}"`);
    }
    return {
      url: url?.replace(/\/+$/, ''),
      token,
      userId,
      profileName: profile ? profileName : undefined,
      sources: { url: urlSource, token: tokenSource, user: userSource },
    };
  }

  /** An SDK client for the resolved settings; `auth: true` insists on a token and user id. */
  client(opts: { auth?: boolean } = { auth: true }): Client {
    if (this.#client) return this.#client;
    const s = this.settings();
    if (!s.url) throw new CliError('No server configured.', ExitCode.NotAuthenticated, 'swb login --url URL');
    if (opts.auth !== false && (!s.token || s.userId === undefined))
      throw new CliError(
        'Not logged in: an access token and user id are needed.',
        ExitCode.NotAuthenticated,
        'swb login, or set SWB_TOKEN and SWB_USER',
      );
    this.#client = new Client({
      baseUrl: s.url,
      ...(s.token ? { accessToken: s.token } : {}),
      ...(s.userId !== undefined ? { userId: s.userId } : {}),
      lang: this.lang,
      maxRetries: 2,
      timeoutMs: Number(this.io.env['SWB_TIMEOUT_MS'] ?? 60_000),
      fetch: httpFetch,
    });
    return this.#client;
  }

  /** Language of server messages and validation errors: SWB_LANG=zh, else English. */
  get lang(): 'zh' | 'en' {
    return this.io.env['SWB_LANG'] === 'zh' ? 'zh' : 'en';
  }

  /** Per-call options: every request stops on Ctrl-C. */
  get req(): { signal: AbortSignal } {
    return { signal: this.io.signal };
  }

  /** The server's quota display (currency or raw), fetched once; undefined if the server cannot say. */
  quotaDisplay(): Promise<QuotaDisplay | undefined> {
    this.#display ??= this.client({ auth: false })
      .status.get(this.req)
      .then((s) => ({ displayInCurrency: s.display_in_currency, quotaPerUnit: s.quota_per_unit }))
      .catch(() => undefined);
    return this.#display;
  }
}
