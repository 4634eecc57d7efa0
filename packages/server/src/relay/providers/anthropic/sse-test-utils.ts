import type { SseEvent } from '../types.js';

/**
 * Test helper: an incremental SSE parser fed the raw text in pieces cut at `cuts`, as the network may deliver
 * it, so converter tests see exactly the events a real reader would produce whatever the chunking.
 */
export function parseSse(text: string, cuts: number[] = []): SseEvent[] {
  const events: SseEvent[] = [];
  let buffer = '';
  let event: string | undefined;
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length) events.push({ ...(event ? { event } : {}), data: data.join('\n') });
      event = undefined;
      data = [];
    } else if (l.startsWith('event:')) event = l.slice(6).trim();
    else if (l.startsWith('data:')) data.push(l.slice(5).replace(/^ /, ''));
  };
  let from = 0;
  for (const to of [...cuts.filter((c) => c > 0 && c < text.length).sort((a, b) => a - b), text.length]) {
    buffer += text.slice(from, to);
    from = to;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      line(buffer.slice(0, nl).replace(/\r$/, ''));
      buffer = buffer.slice(nl + 1);
    }
  }
  if (buffer) line(buffer);
  line('');
  return events;
}

/** The same SSE text rendered back from events, for comparing encoder output with a fixture. */
export const renderSse = (events: SseEvent[]): string =>
  events.map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`).join('');
