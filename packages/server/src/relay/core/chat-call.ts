import type { ChatRequest, ClientFormat, NativeRequest } from '../providers/types.js';
import type { RelayCaller } from './caller.js';

/** One chat request as the pipeline, admission and each attempt see it, whatever the client's format. */
export interface ChatCall {
  caller: RelayCaller;
  /** Unified (OpenAI) request; `model` is what the client asked for. */
  request: ChatRequest;
  /** The client's own format, when it is not OpenAI's. */
  format?: ClientFormat;
  /** The client's own request, forwarded instead of `request` to channels that speak `format`. */
  native?: NativeRequest;
  playground?: boolean;
}
