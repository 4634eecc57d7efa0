import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../src/core/sse.js';

function parseInChunks(text: string, chunkSize: number): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (let i = 0; i < text.length; i += chunkSize) events.push(...parser.feed(text.slice(i, i + chunkSize)));
  return [...events, ...parser.end()];
}

const STREAM =
  '\uFEFF: keep-alive comment\r\n' +
  'data: {"a":1}\r\n\r\n' +
  'event: ping\nid: 7\ndata: line one\ndata:line two\n\n' +
  'data: {"b":2}\r\r' +
  'data: [DONE]\n\n';

describe('SseParser', () => {
  it('parses comments, CRLF/CR/LF line ends, multi-line data, event and id fields', () => {
    expect(parseInChunks(STREAM, STREAM.length)).toEqual([
      { event: undefined, data: '{"a":1}', id: undefined },
      { event: 'ping', data: 'line one\nline two', id: '7' },
      { event: undefined, data: '{"b":2}', id: '7' },
      { event: undefined, data: '[DONE]', id: '7' },
    ]);
  });

  it.each([1, 2, 3, 5, 7, 13])('gives the same events when the text is cut every %i characters', (size) => {
    expect(parseInChunks(STREAM, size)).toEqual(parseInChunks(STREAM, STREAM.length));
  });

  it.each([1, 2, 4, 9])('parses an LF-only stream cut every %i characters as one read whole', (size) => {
    const lf = STREAM.replace(/\r\n?/g, '\n');
    expect(parseInChunks(lf, size)).toEqual(parseInChunks(STREAM, STREAM.length));
  });

  it('does not split a CRLF cut between two chunks into two line ends', () => {
    const parser = new SseParser();
    expect(parser.feed('data: x\r')).toEqual([]);
    expect(parser.feed('\n')).toEqual([]);
    expect(parser.feed('\r\n')).toEqual([{ event: undefined, data: 'x', id: undefined }]);
  });

  it('delivers a last event that lacks its blank line at end of stream', () => {
    const parser = new SseParser();
    expect(parser.feed('data: tail')).toEqual([]);
    expect(parser.end()).toEqual([{ event: undefined, data: 'tail', id: undefined }]);
  });

  it('ignores events without data', () => {
    expect(parseInChunks('event: nothing\n\n: only a comment\n\n', 4)).toEqual([]);
  });
});
