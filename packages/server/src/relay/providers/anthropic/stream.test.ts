import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatChunk, SseEvent } from '../types.js';
import { parseSse } from './sse-test-utils.js';
import { UpstreamStreamError } from '../stream-error.js';
import { createClaudeStreamConverter } from './stream.js';

const read = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const NOW = () => 1_700_000_000;

function convert(events: SseEvent[]): ChatChunk[] {
  const converter = createClaudeStreamConverter('claude-x', NOW);
  return [...events.flatMap((e) => converter.event(e)), ...converter.end()];
}

describe('anthropic stream converter', () => {
  // stream-thinking: signature_delta and cache reads and writes; stream-redacted: redacted thinking, cache reads.
  for (const name of ['stream-text', 'stream-thinking', 'stream-tool-use', 'stream-redacted']) {
    it(`converts ${name}.sse to the expected chunks`, () => {
      expect(convert(parseSse(read(`${name}.sse`)))).toEqual(JSON.parse(read(`${name}.unified.json`)));
    });

    it(`gives the same chunks for ${name}.sse however the bytes are split`, () => {
      const text = read(`${name}.sse`);
      const expected = JSON.parse(read(`${name}.unified.json`));
      for (let cut = 1; cut < text.length; cut++) expect(convert(parseSse(text, [cut]))).toEqual(expected);
      const everyByte = Array.from({ length: text.length }, (_, i) => i);
      expect(convert(parseSse(text, everyByte))).toEqual(expected);
    });
  }

  it('assembles tool-call arguments into valid JSON per index', () => {
    const chunks = convert(parseSse(read('stream-tool-use.sse')));
    const args = new Map<number, string>();
    for (const tc of chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []))
      args.set(tc.index, (args.get(tc.index) ?? '') + (tc.function?.arguments ?? ''));
    expect([...args.values()].map((a) => JSON.parse(a))).toEqual([
      { location: 'San Francisco, CA' },
      { tz: 'PST' },
    ]);
  });

  it('reports usage from message_start and message_delta, and ignores events without data type', () => {
    const converter = createClaudeStreamConverter('claude-x', NOW);
    const events = parseSse(read('stream-thinking.sse'));
    converter.event(events[0]!);
    expect(converter.usage()).toEqual({
      prompt_tokens: 150,
      completion_tokens: 3,
      total_tokens: 153,
      prompt_tokens_details: { cached_tokens: 100, cache_creation_tokens: 10 },
    });
    expect(converter.event({ event: 'ping', data: '{"type": "ping"}' })).toEqual([]);
    expect(converter.event({ data: 'not json' })).toEqual([]);
  });

  it('still owes the usage chunk at end() when message_stop never came', () => {
    const events = parseSse(read('stream-text.sse')).filter((e) => e.event !== 'message_stop');
    expect(convert(events).at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 37 } });
  });

  it('throws UpstreamStreamError on an error event', () => {
    const converter = createClaudeStreamConverter('claude-x', NOW);
    const [start, error] = parseSse(read('stream-error.sse'));
    expect(converter.event(start!)).toHaveLength(1);
    let thrown: unknown;
    try {
      converter.event(error!);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UpstreamStreamError);
    expect((thrown as UpstreamStreamError).error).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      code: 'overloaded_error',
    });
  });
});
