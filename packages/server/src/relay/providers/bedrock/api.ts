/** AWS Bedrock (channel type 33): key parsing, model ids, endpoint URLs and SigV4 signing. */
import type { ChannelConfig } from '../types.js';
import { type AwsCredentials, sha256Hex, signV4 } from './sigv4.js';

export const BEDROCK_CHANNEL_TYPE = 33;
/** The SigV4 service name; the endpoint host says `bedrock-runtime`, but AWS signs for `bedrock`. */
export const BEDROCK_SIGNING_SERVICE = 'bedrock';

/** An optional fourth `|` part of the key is a session token, for temporary (STS) credentials. */
export interface BedrockCredentials extends AwsCredentials {
  region: string;
}

/** The channel key is `AccessKey|SecretKey|Region` (new-api's format). */
export function parseBedrockKey(key: string): BedrockCredentials {
  const [accessKeyId, secretAccessKey, region, sessionToken] = key.split('|').map((part) => part.trim());
  if (!accessKeyId || !secretAccessKey || !region)
    throw new Error('AWS channel key must be "AccessKey|SecretKey|Region"');
  return { accessKeyId, secretAccessKey, region, ...(sessionToken ? { sessionToken } : {}) };
}

/** Anthropic's public model names → Bedrock model ids (new-api's `awsModelIDMap`, plus newer models). */
export const BEDROCK_MODEL_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
};

/**
 * The Bedrock model id for an upstream model name. Ids (`anthropic.…`), cross-region inference profiles
 * (`us.anthropic.…`) and ARNs pass through, so model_mapping can name any of them; unknown names pass through too
 * and Bedrock's own 400 then says what is wrong.
 */
export function bedrockModelId(model: string): string {
  if (model.startsWith('anthropic.') || model.includes('.anthropic.')) return model;
  return BEDROCK_MODEL_IDS[model] ?? model;
}

/** `…/model/{id}/invoke` or `/invoke-with-response-stream`; a channel base_url replaces the regional host. */
export function bedrockUrl(channel: ChannelConfig, region: string, modelId: string, stream: boolean): URL {
  const base = (channel.baseUrl || `https://bedrock-runtime.${region}.amazonaws.com`).replace(/\/+$/, '');
  // The id's `:` (and an ARN's `/`) are escaped as the AWS SDK does; the signer escapes the path again.
  const action = stream ? 'invoke-with-response-stream' : 'invoke';
  return new URL(`${base}/model/${encodeURIComponent(modelId)}/${action}`);
}

/**
 * The request's headers signed with SigV4 for service `bedrock` in the key's region: the given ones plus
 * `x-amz-content-sha256` (as AWS's SDK sends), `x-amz-date`, `x-amz-security-token` with a session token, and
 * `authorization`. The date comes from the clock (tests freeze it).
 */
export function signBedrockRequest(
  url: URL,
  body: string,
  credentials: BedrockCredentials,
  headers: Record<string, string>,
): Record<string, string> {
  const { region, ...keys } = credentials;
  return signV4({
    method: 'POST',
    url,
    headers: { ...headers, 'x-amz-content-sha256': sha256Hex(body) },
    body,
    region,
    service: BEDROCK_SIGNING_SERVICE,
    credentials: keys,
    date: new Date(),
  });
}
