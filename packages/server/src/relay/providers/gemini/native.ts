/** Same-format pass-through for Gemini clients on Gemini channels: their own body up, the answer back as sent. */
import { renameModel } from '../native-model.js';
import type { NativeClient, NativeUpstream } from '../types.js';
import { geminiUpstreamRequest } from './api.js';
import { geminiErrorBody } from './ingress-response.js';

/** The model is in the URL, so the body goes up exactly as the client sent it. */
export const geminiNative: NativeUpstream = {
  dialect: () => 'gemini',
  request: (channel, req, model, attempt) =>
    geminiUpstreamRequest(channel, model, req.stream, req.body, attempt?.settings.gemini),
};

export const geminiNativeClient: NativeClient = {
  dialect: 'gemini',
  response: (text, body, requestedModel) => renameModel(text, ['modelVersion'], requestedModel, body),
  event: (event, requestedModel) => {
    const data = renameModel(event.data, ['modelVersion'], requestedModel);
    return data === event.data ? event : { ...event, data };
  },
  streamError: (error) => ({ data: JSON.stringify(geminiErrorBody(500, error)) }),
};
