import { describe, expect, it } from 'vitest';
import { BusinessError, UserAbortError, ValidationError } from '../../src/core/errors.js';
import { testChannels, type ChannelTestOutcome, type ChannelTester } from '../../src/index.js';
import type { Channel } from '../../src/schemas/channel.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

async function everyChannel(): Promise<Channel[]> {
  return env.admin.channels.list({ pageSize: 100, id_sort: true }).toArray({ limit: 1000 });
}

/** `client.channels` as seen through a counter of the test calls under way at once. */
function counted(tester: ChannelTester) {
  const log = { running: 0, peak: 0, calls: 0 };
  const wrapped: ChannelTester = {
    async test(...args) {
      log.calls += 1;
      log.running += 1;
      log.peak = Math.max(log.peak, log.running);
      try {
        return await tester.test(...args);
      } finally {
        log.running -= 1;
      }
    },
  };
  return { log, tester: wrapped };
}

describe('client.channels.testMany', () => {
  it('reports an outcome per channel, in the order given, a failed test call as a failed outcome', async () => {
    const channels = await everyChannel();
    const azure = channels.find((c) => c.name === 'azure-eastus')!;
    const gone = { id: 999_999, name: 'gone' };
    const invalid = { id: 0, name: 'invalid' };
    const targets = [...channels, gone, invalid];
    const landed: ChannelTestOutcome<{ id: number; name: string }>[] = [];
    const outcomes = await env.admin.channels.testMany(targets, { onOutcome: (o) => landed.push(o) });

    expect(outcomes.map((o) => o.channel)).toEqual(targets);
    expect(outcomes.map((o) => o.index)).toEqual(targets.map((_, i) => i));
    expect([...landed].sort((a, b) => a.index - b.index)).toEqual(outcomes);
    const primary = outcomes.find((o) => o.channel.name === 'openai-primary')!;
    expect(primary).toMatchObject({ success: true, message: '' });
    expect(primary.time).toBeGreaterThan(0);
    expect(primary.error).toBeUndefined();
    // The fake upstream has no Azure deployments: the server answers success: false with the reason.
    const failed = outcomes.find((o) => o.channel.id === azure.id)!;
    expect(failed).toMatchObject({ success: false, time: 0 });
    expect(failed.message).toMatch(/Unknown path/);
    expect(failed.error).toBeInstanceOf(BusinessError);
    // Refused by the server, and refused before sending: each one failed outcome, not a rejection.
    const [refused, unsent] = outcomes.slice(-2);
    expect(refused).toMatchObject({ channel: gone, success: false, time: 0 });
    expect(refused!.error).toBeInstanceOf(BusinessError);
    expect(refused!.message).toBe((refused!.error as BusinessError).message);
    expect(unsent).toMatchObject({ channel: invalid, success: false });
    expect(unsent!.error).toBeInstanceOf(ValidationError);
  });

  it('keeps at most `concurrency` tests under way, 3 unless told', async () => {
    const channels = await everyChannel();
    expect(channels.length).toBeGreaterThan(4);
    for (const [concurrency, peak] of [
      [undefined, 3],
      [2, 2],
      [1, 1],
      [50, channels.length],
    ] as const) {
      const { log, tester } = counted(env.admin.channels);
      const outcomes = await testChannels(tester, channels, concurrency ? { concurrency } : {});
      expect(log.peak).toBe(peak);
      expect(log.calls).toBe(channels.length);
      expect(outcomes).toHaveLength(channels.length);
    }
  });

  it('tests with the model given', async () => {
    const channels = (await everyChannel()).filter((c) => c.name.startsWith('openai-'));
    const outcomes = await env.admin.channels.testMany(channels, { model: 'fail-401' });
    expect(outcomes.map((o) => o.success)).toEqual(channels.map(() => false));
    // The fake upstream answers 401 for the fault model; without it these channels pass (above).
    expect(outcomes.every((o) => /Incorrect API key/.test(o.message))).toBe(true);
  });

  it('starts no test once its signal aborts, and reports those under way', async () => {
    const channels = await everyChannel();
    const stop = new AbortController();
    const { log, tester } = counted(env.admin.channels);
    const outcomes = await testChannels(tester, channels, {
      concurrency: 2,
      signal: stop.signal,
      onOutcome: () => stop.abort(),
    });
    // Two started together; the first to land stopped the run, the other one still finished.
    expect(log.calls).toBe(2);
    expect(outcomes).toHaveLength(2);
    expect(outcomes.every((o) => o.error === undefined && o.success)).toBe(true);

    stop.abort();
    expect(await testChannels(tester, channels, { signal: stop.signal })).toEqual([]);
  });

  it('aborts the calls under way and rejects when the request signal aborts', async () => {
    const channels = await everyChannel();
    const abort = new AbortController();
    const { log, tester } = counted(env.admin.channels);
    const run = testChannels(
      tester,
      channels,
      { model: 'slow-1000', concurrency: 2 },
      { signal: abort.signal },
    );
    setTimeout(() => abort.abort(), 100);
    await expect(run).rejects.toBeInstanceOf(UserAbortError);
    expect(log.calls).toBe(2);
  });
});
