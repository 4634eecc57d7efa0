import type { RequestOptions } from '../core/http.js';
import type { ChannelTestParams } from '../schemas/channel-params.js';
import type { ChannelTestResult } from '../schemas/channel.js';

/** A channel to test: its id, and whatever the caller wants handed back with the outcome (say its name). */
export interface ChannelTestTarget {
  id: number;
}

/** How one channel's test went. */
export interface ChannelTestOutcome<C extends ChannelTestTarget = ChannelTestTarget> {
  /** The channel as it was passed in. */
  channel: C;
  /** Its position in the list passed in. */
  index: number;
  success: boolean;
  /** Seconds the upstream took to answer; 0 when the test call itself failed. */
  time: number;
  /** Why the test failed: the server's message, or the thrown error's. */
  message: string;
  /**
   * What the test call threw, so that callers can word it their own way: a `BusinessError` when the server
   * answered `success: false` (the upstream failed the test, or the channel is unknown), else a network,
   * HTTP or validation error.
   */
  error?: unknown;
}

/** Options of {@link testChannels} and `client.channels.testMany`. */
export interface ChannelTestManyOptions<C extends ChannelTestTarget = ChannelTestTarget> {
  /** Model to test every channel with (default: each channel's test model). */
  model?: string;
  /** Tests under way at once (default 3): each one is a real upstream call. */
  concurrency?: number;
  /** Called as each outcome lands, in the order they land. */
  onOutcome?(outcome: ChannelTestOutcome<C>): void;
  /** Once aborted, no further test is started; the tests already sent still finish and are reported. */
  signal?: AbortSignal;
}

/** What {@link testChannels} needs: `client.channels`, or anything that tests one channel the same way. */
export interface ChannelTester {
  test(id: number, params?: ChannelTestParams, options?: RequestOptions): Promise<ChannelTestResult>;
}

export const DEFAULT_TEST_CONCURRENCY = 3;

/**
 * Tests `channels` a few at a time through `tester.test`, reporting each outcome as it lands, and resolves
 * to the outcomes of the channels tested, in the order of `channels`. A failed test call is a failed
 * outcome (with `error`), not a rejection, except when `requestOptions.signal` aborted it: that signal
 * also aborts the tests under way and makes the whole run reject with the `UserAbortError`.
 */
export async function testChannels<C extends ChannelTestTarget>(
  tester: ChannelTester,
  channels: readonly C[],
  options: ChannelTestManyOptions<C> = {},
  requestOptions?: RequestOptions,
): Promise<ChannelTestOutcome<C>[]> {
  const { model, onOutcome, signal } = options;
  const params = model ? { model } : {};
  const width = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_TEST_CONCURRENCY));
  const stopped = () => signal?.aborted === true || requestOptions?.signal?.aborted === true;
  const outcomes: ChannelTestOutcome<C>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < channels.length && !stopped()) {
      const index = next++;
      const channel = channels[index]!;
      let outcome: ChannelTestOutcome<C>;
      try {
        const result = await tester.test(channel.id, params, requestOptions);
        outcome = { channel, index, success: result.success, time: result.time, message: result.message };
      } catch (error) {
        if (requestOptions?.signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        outcome = { channel, index, success: false, time: 0, message, error };
      }
      outcomes[index] = outcome;
      onOutcome?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, channels.length) }, worker));
  // Drops the holes left by channels never started after a stop.
  return outcomes.filter(() => true);
}
