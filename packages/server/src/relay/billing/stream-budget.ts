import { countTextTokens } from './tokenizer.js';

/** Fewest delivered characters between two counts, so a stream near its budget is not recounted per event. */
const MIN_STEP = 256;

/**
 * Keeps a stream within what its hold covers. A token is at least one UTF-8 byte and a UTF-16 unit at most three,
 * so a text of `n` units is at most `3n` tokens: until that bound reaches the budget nothing is counted. Past it the
 * delivered text is counted, and the hold grows (doubling) while the free balance allows; when it cannot, the
 * stream must be cut. Upstreams honour the `max_tokens` the relay sets, so this only acts on one that does not, or
 * on a model producing more than its assumed output limit.
 */
export class StreamBudget {
  private nextCheck: number;

  constructor(
    /** Completion tokens (all choices) the hold covers now. */
    private allowed: number,
    private readonly model: string,
    /** Grows the hold to cover `tokens` completion tokens; false when the balance cannot. */
    private readonly grow: (tokens: number) => boolean | Promise<boolean>,
  ) {
    this.nextCheck = Math.floor(allowed / 3);
  }

  /** Whether the delivered text is long enough to need a count. */
  due(textLength: number): boolean {
    return textLength >= this.nextCheck;
  }

  /** Counts the delivered answer; false when it needs more than the hold can cover. */
  async check(text: string, toolCalls: number): Promise<boolean> {
    const used = (await countTextTokens(text, this.model)) + 7 * toolCalls;
    // Grow before the budget is reached, so a stream close to it is not recounted at every event.
    let short = false;
    while (used >= this.allowed * 0.75) {
      const grown = this.grow(this.allowed * 2);
      if (!(grown === true || (grown !== false && (await grown)))) {
        if (used >= this.allowed) return false;
        short = true;
        break;
      }
      this.allowed *= 2;
    }
    // Out of room to grow, the next count must come before the budget can be passed.
    const step = Math.floor((this.allowed - used) / 3);
    this.nextCheck = text.length + (short ? Math.max(1, step) : Math.max(MIN_STEP, step));
    return true;
  }
}
