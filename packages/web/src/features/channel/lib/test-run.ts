import { ChannelStatus, testChannels, type Channel, type Client } from '@switchboard/sdk';
import { errorMessage } from '../../../lib/errors';

export interface TestOutcome {
  id: number;
  name: string;
  success: boolean;
  /** Milliseconds. */
  ms: number;
  message: string;
}

export type TestScope = 'active' | 'every';

/** Every channel, walking the list by id; `active` leaves out the manually disabled ones. */
export async function collectChannels(client: Client, scope: TestScope): Promise<Channel[]> {
  const all: Channel[] = [];
  for await (const channel of client.channels.list({ id_sort: true, pageSize: 100 })) all.push(channel);
  return scope === 'every' ? all : all.filter((c) => c.status !== ChannelStatus.ManuallyDisabled);
}

/**
 * Tests channels a few at a time (the SDK's loop), reporting each outcome as it lands in the console's
 * words; stops starting new tests once `cancelled()` turns true, and lets those under way finish.
 */
export async function runTests(
  client: Pick<Client, 'channels'>,
  channels: readonly Channel[],
  onOutcome: (outcome: TestOutcome) => void,
  cancelled: () => boolean,
  concurrency = 3,
): Promise<void> {
  const stop = new AbortController();
  // Polled before each start, as the SDK's signal is: every start but the first few follows an outcome.
  const check = () => {
    if (cancelled()) stop.abort();
  };
  check();
  await testChannels(client.channels, channels, {
    concurrency,
    signal: stop.signal,
    onOutcome: (o) => {
      onOutcome({
        id: o.channel.id,
        name: o.channel.name,
        success: o.success,
        ms: Math.round(o.time * 1000),
        message: o.error === undefined ? o.message : errorMessage(o.error),
      });
      check();
    },
  });
}
