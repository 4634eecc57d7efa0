import { ChannelSchema, type Client } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';
import { runTests, type TestOutcome } from '../lib/test-run';

const channels = Array.from({ length: 7 }, (_, i) => ChannelSchema.parse({ id: i + 1, name: `c${i + 1}` }));

/** A client whose channel test answers after a tick; even ids fail, id 5 throws. */
function fakeClient(log: { running: number; peak: number }) {
  const test = async (id: number) => {
    log.running += 1;
    log.peak = Math.max(log.peak, log.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.running -= 1;
    if (id === 5) throw new Error('socket hang up');
    return { success: id % 2 === 1, message: id % 2 ? '' : 'upstream 401', time: id / 10 };
  };
  return { channels: { test } } as unknown as Client;
}

describe('runTests', () => {
  it('tests every channel at most three at a time and reports each outcome', async () => {
    const log = { running: 0, peak: 0 };
    const outcomes: TestOutcome[] = [];
    await runTests(
      fakeClient(log),
      channels,
      (o) => outcomes.push(o),
      () => false,
    );
    expect(log.peak).toBe(3);
    expect(outcomes.map((o) => o.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(outcomes.find((o) => o.id === 3)).toMatchObject({ success: true, ms: 300 });
    expect(outcomes.find((o) => o.id === 2)).toMatchObject({ success: false, message: 'upstream 401' });
    expect(outcomes.find((o) => o.id === 5)).toMatchObject({ success: false, message: 'socket hang up' });
  });

  it('starts no new test once cancelled', async () => {
    const outcomes: TestOutcome[] = [];
    await runTests(
      fakeClient({ running: 0, peak: 0 }),
      channels,
      (o) => outcomes.push(o),
      () => outcomes.length >= 2,
    );
    expect(outcomes.length).toBeLessThan(channels.length);
  });
});
