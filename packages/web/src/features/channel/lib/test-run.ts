import { ChannelStatus, type Channel, type Client } from '@switchboard/sdk';
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
 * Tests channels a few at a time (each test is a real upstream call, so not all at once), reporting each
 * outcome as it lands; stops starting new tests once `cancelled()` turns true.
 */
export async function runTests(
  client: Client,
  channels: readonly Channel[],
  onOutcome: (outcome: TestOutcome) => void,
  cancelled: () => boolean,
  concurrency = 3,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < channels.length && !cancelled()) {
      const channel = channels[next++]!;
      try {
        const result = await client.channels.test(channel.id);
        onOutcome({
          id: channel.id,
          name: channel.name,
          success: result.success,
          ms: Math.round(result.time * 1000),
          message: result.message,
        });
      } catch (e) {
        onOutcome({ id: channel.id, name: channel.name, success: false, ms: 0, message: errorMessage(e) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, channels.length) }, worker));
}
