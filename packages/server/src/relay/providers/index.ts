import { anthropicProvider } from './anthropic/index.js';
import { azureProvider } from './azure/index.js';
import { bedrockProvider } from './bedrock/index.js';
import { geminiProvider } from './gemini/index.js';
import { openaiProvider } from './openai/chat.js';
import type { ChatProvider } from './types.js';
import { vertexProvider } from './vertex/index.js';

/** Channel types whose API is not OpenAI's; every other type is served as OpenAI-compatible. */
const PROVIDERS: Readonly<Record<number, ChatProvider>> = {
  3: azureProvider,
  14: anthropicProvider,
  24: geminiProvider,
  33: bedrockProvider,
  41: vertexProvider,
};

/** The chat adapter of a channel type. */
export function providerFor(channelType: number): ChatProvider {
  return PROVIDERS[channelType] ?? openaiProvider;
}

/** Whether the type speaks OpenAI's format, so bodies and streams can be forwarded without translation. */
export const isOpenAiCompatible = (channelType: number): boolean => PROVIDERS[channelType] === undefined;
