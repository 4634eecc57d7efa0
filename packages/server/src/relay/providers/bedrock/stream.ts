/**
 * Bedrock's streamed answer → Claude SSE events. Each `chunk` event's payload is `{"bytes": base64(<one Claude
 * stream event as JSON>)}`; the decoded events then feed the anthropic stream converter unchanged.
 */
import type { SseEvent } from '../types.js';
import { decodeFrames, type EventStreamMessage } from './eventstream.js';

const utf8 = new TextDecoder();

/**
 * An exception frame (`throttlingException`, `modelStreamErrorException`, …, sent after HTTP 200) becomes a Claude
 * `error` event, so the anthropic converter raises it as UpstreamStreamError, like Claude's own stream errors.
 */
function errorEvent(message: EventStreamMessage): SseEvent {
  const { headers } = message;
  const type = headers[':exception-type'] ?? headers[':error-code'] ?? 'internalServerException';
  const payload = utf8.decode(message.body);
  let text = headers[':error-message'] ?? payload;
  try {
    const parsed = JSON.parse(payload) as { message?: unknown; Message?: unknown };
    const m = parsed.message ?? parsed.Message;
    if (typeof m === 'string') text = m;
  } catch {
    // A payload that is not JSON is the message itself.
  }
  return { event: 'error', data: JSON.stringify({ type: 'error', error: { type, message: text || type } }) };
}

function toSseEvent(message: EventStreamMessage): SseEvent | undefined {
  const kind = message.headers[':message-type'];
  if (kind === 'exception' || kind === 'error') return errorEvent(message);
  if (message.headers[':event-type'] !== 'chunk') return undefined;
  const { bytes } = JSON.parse(utf8.decode(message.body)) as { bytes?: unknown };
  if (typeof bytes !== 'string' || !bytes) return undefined;
  const data = Buffer.from(bytes, 'base64').toString('utf8');
  const type = (JSON.parse(data) as { type?: unknown }).type;
  return { ...(typeof type === 'string' ? { event: type } : {}), data };
}

/**
 * The response body's bytes → one SSE event per Claude event (`event` = its `type`, `data` = its JSON). Stops
 * after an exception, as AWS ends the stream there; a corrupt or truncated body throws.
 */
export async function* decodeBedrockStream(chunks: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent> {
  for await (const message of decodeFrames(chunks)) {
    const event = toSseEvent(message);
    if (!event) continue;
    yield event;
    if (event.event === 'error') return;
  }
}
