import { afterEach, describe, expect, it } from 'vitest';
import { RELAY_ENV_DEFAULTS, relayEnvFrom, useRelayEnv } from '../../../config-relay.js';
import type { ChannelConfig, UpstreamRequest } from '../types.js';
import { azureProvider } from './index.js';
import { azureRealtimeTarget } from './realtime.js';

const channel = (other: string) =>
  ({ id: 1, type: 3, baseUrl: 'https://res.openai.azure.com', key: 'k', other }) as unknown as ChannelConfig;

const chatUrl = (c: ChannelConfig) =>
  (
    azureProvider.chatRequest(
      c,
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      'gpt-4.1',
    ) as UpstreamRequest
  ).url;

afterEach(() => useRelayEnv(undefined));

describe('AZURE_DEFAULT_API_VERSION', () => {
  it("is the api-version of channels that name none; a channel's own version wins", () => {
    expect(chatUrl(channel(''))).toBe(
      'https://res.openai.azure.com/openai/deployments/gpt-41/chat/completions?api-version=2024-12-01-preview',
    );
    useRelayEnv(relayEnvFrom({ AZURE_DEFAULT_API_VERSION: '2025-04-01-preview' }));
    expect(chatUrl(channel(''))).toMatch(/\?api-version=2025-04-01-preview$/);
    expect(azureRealtimeTarget(channel(''), 'gpt-4o-realtime').url).toMatch(
      /api-version=2025-04-01-preview$/,
    );
    expect(chatUrl(channel('2024-10-21'))).toMatch(/\?api-version=2024-10-21$/);
  });

  it('is read as new-api reads it, and refuses what is no version', () => {
    expect(relayEnvFrom({})).toEqual(RELAY_ENV_DEFAULTS);
    expect(relayEnvFrom({ AZURE_DEFAULT_API_VERSION: ' ' }).azureDefaultApiVersion).toBe(
      '2024-12-01-preview',
    );
    expect(() => relayEnvFrom({ AZURE_DEFAULT_API_VERSION: '2025&x=1' })).toThrow(
      /AZURE_DEFAULT_API_VERSION/,
    );
    expect(
      relayEnvFrom({
        RELAY_TIMEOUT: '30',
        FORCE_STREAM_OPTION: 'false',
        GET_MEDIA_TOKEN: 'f',
        GET_MEDIA_TOKEN_NOT_STREAM: '0',
      }),
    ).toMatchObject({
      relayTimeoutS: 30,
      forceStreamOption: false,
      getMediaToken: false,
      getMediaTokenNotStream: false,
    });
    expect(() => relayEnvFrom({ RELAY_TIMEOUT: '-1' })).toThrow(/RELAY_TIMEOUT/);
  });
});
