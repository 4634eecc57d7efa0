import type { PlaygroundChatParams } from '@switchboard/sdk';
import { sdk } from '../../../lib/sdk';

/**
 * Streams one playground answer, calling `onDelta` with each piece of text. Resolves when the stream ends
 * (the server's done marker) or `signal` aborts; rejects with the SDK's error otherwise.
 */
export async function streamChat(
  params: PlaygroundChatParams,
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const stream = await (await sdk()).playground.chat(params, { signal, maxRetries: 0 });
  for await (const chunk of stream) {
    const text = chunk.choices
      .map((c) => (c.delta?.reasoning_content ?? '') + (c.delta?.content ?? ''))
      .join('');
    if (text) onDelta(text);
  }
}
