import type { ProviderError } from './types.js';

/**
 * Thrown by a stream converter on an error the upstream sent mid-stream (Claude's `event: error`, OpenAI's
 * `data: {"error": …}`). It comes after HTTP 200, so it cannot be a status error; the pipeline catches it and
 * ends the stream with the upstream's own message.
 */
export class UpstreamStreamError extends Error {
  constructor(readonly error: ProviderError) {
    super(error.message);
    this.name = 'UpstreamStreamError';
  }
}
