/** Google Gemini (channel type 24) as an upstream, and Gemini's generateContent as a client-facing format. */
import type { ChatProvider, ClientFormat } from '../types.js';
import { geminiUpstreamRequest } from './api.js';
import { fromGeminiResponse, geminiError, toGeminiRequest } from './chat.js';
import { geminiErrorBody, geminiFromUnified, geminiStreamFromUnified } from './ingress-response.js';
import { geminiToUnified } from './ingress.js';
import { geminiNative, geminiNativeClient } from './native.js';
import { geminiStream } from './stream.js';

export { GEMINI_CHANNEL_TYPE } from './api.js';

export const geminiProvider: ChatProvider = {
  chatRequest: (channel, request, model, attempt) =>
    geminiUpstreamRequest(
      channel,
      model,
      request.stream === true,
      toGeminiRequest(request, attempt?.settings.gemini),
      attempt?.settings.gemini,
    ),
  chatResponse: fromGeminiResponse,
  chatStream: geminiStream,
  error: geminiError,
  native: geminiNative,
};

export const geminiClientFormat: ClientFormat = {
  toUnified: geminiToUnified,
  fromUnified: geminiFromUnified,
  streamFromUnified: geminiStreamFromUnified,
  errorBody: geminiErrorBody,
  native: geminiNativeClient,
};
