import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How the fake providers misbehave, for billing and streaming tests: longer replies, replies past `max_tokens`,
 * streams that stall or break part-way. One script for every fake in the process; tests set it and reset it.
 */
export interface ReplyScript {
  /** Words in each reply (the fixed reply repeated), instead of its 12. */
  words?: number;
  /** Answer past `max_tokens`, as a misbehaving upstream would. */
  ignoreMaxTokens?: boolean;
  /** Milliseconds between streamed events. */
  eventDelayMs?: number;
  /**
   * After this many stream events: `stall` sends nothing more and keeps the connection open, `drop` cuts it,
   * `error` sends `event` (the provider's own in-stream error, as raw SSE text) and ends the answer.
   */
  fault?: { after: number; mode: 'stall' | 'drop' } | { after: number; mode: 'error'; event: string };
}

let script: ReplyScript = {};

export function setReplyScript(next: ReplyScript): void {
  script = { ...next };
}

export const replyScript = (): ReplyScript => script;

/**
 * Writes stream events as the script says, then ends the response. A stall holds until the client goes; a
 * drop destroys the socket mid-stream, so the client sees a broken body, not an end.
 */
export async function writeEvents(res: ServerResponse, events: Iterable<string>, gapMs = 0): Promise<void> {
  const { fault } = script;
  const gap = script.eventDelayMs ?? gapMs;
  let i = 0;
  for (const event of events) {
    if (res.destroyed) return;
    if (fault && i === fault.after) {
      if (fault.mode === 'error') return void res.end(fault.event);
      if (fault.mode === 'drop') {
        // Let what was written reach the client first, so it sees an answer break off, not a refused request.
        await new Promise<void>((resolve) => res.write('', () => resolve()));
        return void res.destroy();
      }
      return new Promise((resolve) => res.on('close', () => resolve()));
    }
    res.write(event);
    i++;
    if (gap > 0) await sleep(gap);
  }
  res.end();
}
