/** Claude clients on Bedrock: their own Messages body, reshaped as Bedrock wants it, and Claude's answers back. */
import { anthropicBetas, claudeNativeBody } from '../anthropic/native.js';
import type { NativeUpstream } from '../types.js';
import { bedrockClaudeBody, signedBedrockRequest } from './chat.js';

/** Bedrock takes `anthropic-beta` in the body, as `anthropic_beta`. */
export const bedrockNative: NativeUpstream = {
  dialect: () => 'claude',
  request: (channel, req, model, attempt) => {
    const { modelId, body } = bedrockClaudeBody(claudeNativeBody(req.body, model, attempt?.settings.claude));
    const betas = anthropicBetas(req);
    return signedBedrockRequest(
      channel,
      modelId,
      betas.length ? { ...body, anthropic_beta: betas } : body,
      req.stream,
    );
  },
};
