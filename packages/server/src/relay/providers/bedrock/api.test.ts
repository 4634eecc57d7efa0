import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConfig, ChatRequest, UpstreamRequest } from '../types.js';
import { bedrockModelId, bedrockUrl, parseBedrockKey } from './api.js';
import { bedrockUpstreamRequest } from './chat.js';
import { signV4 } from './sigv4.js';

/** Requests signed by AWS's own signer (@smithy/signature-v4), written by __fixtures__/generate.mjs. */
const signedFixture = (name: string): UpstreamRequest & { key: string } =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

const channel = (over: Partial<ChannelConfig> = {}): ChannelConfig => ({
  id: 3,
  type: 33,
  key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1',
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
  ...over,
});
const hello: ChatRequest = { model: 'claude', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 64 };

describe('bedrock key, model ids and URLs', () => {
  it('parses Ak|Sk|Region, with an optional session token', () => {
    expect(parseBedrockKey(' AK | SK | eu-west-3 ')).toEqual({
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      region: 'eu-west-3',
    });
    expect(parseBedrockKey('AK|SK|us-west-2|TOKEN').sessionToken).toBe('TOKEN');
    expect(() => parseBedrockKey('AK|SK')).toThrow(/AccessKey\|SecretKey\|Region/);
  });

  it.each([
    ['claude-3-5-sonnet-20241022', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-3-5-haiku-20241022', 'anthropic.claude-3-5-haiku-20241022-v1:0'],
    ['claude-3-haiku-20240307', 'anthropic.claude-3-haiku-20240307-v1:0'],
    ['claude-3-opus-20240229', 'anthropic.claude-3-opus-20240229-v1:0'],
    ['claude-3-7-sonnet-20250219', 'anthropic.claude-3-7-sonnet-20250219-v1:0'],
    ['claude-sonnet-4-20250514', 'anthropic.claude-sonnet-4-20250514-v1:0'],
    ['anthropic.claude-v2:1', 'anthropic.claude-v2:1'],
    ['us.anthropic.claude-sonnet-4-20250514-v1:0', 'us.anthropic.claude-sonnet-4-20250514-v1:0'],
    ['some-other-model', 'some-other-model'],
  ])('maps %s → %s', (model, id) => expect(bedrockModelId(model)).toBe(id));

  it('builds the regional invoke URLs, escaping the id, and lets base_url replace the host', () => {
    const id = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
    expect(bedrockUrl(channel(), 'us-east-1', id, false).toString()).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke',
    );
    expect(bedrockUrl(channel({ baseUrl: 'http://127.0.0.1:9000/' }), 'eu-west-1', id, true).toString()).toBe(
      'http://127.0.0.1:9000/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream',
    );
  });
});

describe('bedrock SigV4 signing', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it("reproduces AWS's SigV4 test suite vector get-vanilla", () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      body: '',
      region: 'us-east-1',
      service: 'service',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    });
  });

  it("signs for service bedrock in the key's region exactly as AWS's signer does", async () => {
    const expected = signedFixture('request.signed.json');
    const up = await bedrockUpstreamRequest(
      channel({ key: expected.key }),
      hello,
      'claude-3-5-sonnet-20241022',
    );
    expect(up.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20250601\/us-east-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    const { key: _key, ...request } = expected;
    expect(up).toEqual(request);
    // Deterministic for fixed inputs and a frozen clock.
    expect(await bedrockUpstreamRequest(channel(), hello, 'claude-3-5-sonnet-20241022')).toEqual(up);
  });

  it('signs the base_url host:port, the stream endpoint and a session token as AWS does', async () => {
    const { key, ...request } = signedFixture('request-stream.signed.json');
    const up = await bedrockUpstreamRequest(
      channel({ key, baseUrl: 'http://127.0.0.1:9000' }),
      { ...hello, stream: true },
      'claude-3-haiku-20240307',
    );
    expect(up).toEqual(request);
  });

  it('changes the signature with the date', async () => {
    const first = await bedrockUpstreamRequest(channel(), hello, 'claude-3-5-sonnet-20241022');
    vi.setSystemTime(new Date('2025-06-02T00:00:00Z'));
    const next = await bedrockUpstreamRequest(channel(), hello, 'claude-3-5-sonnet-20241022');
    expect(next.headers.authorization).toContain('Credential=AKIDEXAMPLE/20250602/us-east-1/bedrock/');
    expect(next.headers.authorization).not.toBe(first.headers.authorization);
  });
});
