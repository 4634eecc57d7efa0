/** One server-sent event, as defined by the HTML Living Standard (§9.2 "Server-sent events"). */
export interface SseEvent {
  /** The `event:` field, when present; the default type is `message`. */
  event: string | undefined;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** The `id:` field, when present. */
  id: string | undefined;
}

/**
 * Incremental SSE parser: feed it decoded text in chunks cut anywhere (even between `\r` and `\n`),
 * and it returns the events each chunk completes. Handles LF, CR and CRLF line ends, comments,
 * multi-line data and a leading byte-order mark.
 */
export class SseParser {
  #buffer = '';
  #started = false;
  #data: string[] = [];
  #event: string | undefined;
  #id: string | undefined;

  /** Parses a chunk and returns the events it completed. */
  feed(chunk: string): SseEvent[] {
    let text = this.#buffer + chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    const events: SseEvent[] = [];
    let start = 0;
    // Nearly every stream ends its lines with LF alone: those are found with indexOf, far cheaper than a
    // character loop on the relay's per-chunk path.
    if (!text.includes('\r')) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
        this.#line(text.slice(start, i), events);
        start = i + 1;
      }
      this.#buffer = text.slice(start);
      return events;
    }
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      // A trailing CR may be the first half of a CRLF split across chunks: wait for more text.
      if (char === '\r' && i === text.length - 1) break;
      this.#line(text.slice(start, i), events);
      if (char === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.#buffer = text.slice(start);
    return events;
  }

  /** Flushes at end of stream: a final event without its blank line is still delivered. */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    const rest = this.#buffer.replace(/\r$/, '');
    this.#buffer = '';
    if (rest) this.#line(rest, events);
    this.#line('', events);
    return events;
  }

  #line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.#data.length > 0)
        events.push({ event: this.#event, data: this.#data.join('\n'), id: this.#id });
      this.#data = [];
      this.#event = undefined;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
  }
}
