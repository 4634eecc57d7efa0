import { bool, ConfigError, int, type Env } from './config-env.js';

/**
 * The relay's variables from new-api 0.4.8's environment (`common/constants.go`, `constant/env.go`), with its
 * defaults. new-api keeps them in package variables read once at start; so does the relay (`relayEnv`), set
 * from the app's configuration when it is built.
 */
export interface RelayEnv {
  /** `RELAY_TIMEOUT` (0: none): seconds one upstream call may take, its streamed body included. */
  relayTimeoutS: number;
  /** `FORCE_STREAM_OPTION` (true): streamed calls to OpenAI-compatible upstreams ask for the usage chunk. */
  forceStreamOption: boolean;
  /** `AZURE_DEFAULT_API_VERSION`: the `api-version` of Azure channels that name none. */
  azureDefaultApiVersion: string;
  /** `GET_MEDIA_TOKEN` (true): images count by their size when the relay counts a prompt itself. */
  getMediaToken: boolean;
  /** `GET_MEDIA_TOKEN_NOT_STREAM` (true): … in non-streamed requests too (false: 256 each). */
  getMediaTokenNotStream: boolean;
}

export const RELAY_ENV_DEFAULTS: Readonly<RelayEnv> = {
  relayTimeoutS: 0,
  forceStreamOption: true,
  azureDefaultApiVersion: '2024-12-01-preview',
  getMediaToken: true,
  getMediaTokenNotStream: true,
};

export function relayEnvFrom(env: Env): RelayEnv {
  const version = env.AZURE_DEFAULT_API_VERSION?.trim();
  // It goes into every Azure URL: a version is dates, digits and words, nothing a URL would read otherwise.
  if (version && !/^[\w.-]+$/.test(version))
    throw new ConfigError(`AZURE_DEFAULT_API_VERSION must look like 2024-12-01-preview, got "${version}"`);
  return {
    relayTimeoutS: int(env, 'RELAY_TIMEOUT', 0),
    forceStreamOption: bool(env, 'FORCE_STREAM_OPTION', true),
    azureDefaultApiVersion: version || RELAY_ENV_DEFAULTS.azureDefaultApiVersion,
    getMediaToken: bool(env, 'GET_MEDIA_TOKEN', true),
    getMediaTokenNotStream: bool(env, 'GET_MEDIA_TOKEN_NOT_STREAM', true),
  };
}

/**
 * The settings in force, read by the relay's pure request transforms (new-api's package variables). One per
 * process: the app built last sets them (`useRelayEnv`), which is the only app outside tests.
 */
export const relayEnv: RelayEnv = { ...RELAY_ENV_DEFAULTS };

export function useRelayEnv(settings: RelayEnv | undefined): void {
  Object.assign(relayEnv, settings ?? RELAY_ENV_DEFAULTS);
}
