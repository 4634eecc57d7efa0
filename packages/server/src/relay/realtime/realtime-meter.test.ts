import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { AudioPrice } from '../billing/audio-quota.js';
import type { AttemptInfo } from '../billing/consume-record.js';
import { Ledger } from '../billing/ledger.js';
import type { AdmittedCaller } from '../core/caller.js';
import type { RelayRuntime } from '../runtime.js';
import { RealtimeMeter } from './realtime-meter.js';

/** The meter against a real ledger: holds, per-response settlements, growth and the cut. */
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.userWithRole(1, { quota: 10_000_000 })).id;
});
afterAll(() => t.close());

const PRICE: AudioPrice = {
  modelRatio: 2.5,
  completionRatio: 4,
  groupRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1,
  audioRatio: 20,
  audioCompletionRatio: 2,
};

function setup(quota: number, price: AudioPrice = PRICE) {
  const caller: AdmittedCaller = {
    key: 'k',
    user: {
      id: userId,
      username: 'u',
      role: 1,
      status: 1,
      group: 'default',
      quota,
      quotaWarningThreshold: null,
    },
    token: {
      id: 0,
      userId,
      name: 't',
      status: 1,
      expiredTime: -1,
      unlimited: true,
      remainQuota: 0,
      modelLimits: null,
      allowIps: null,
      group: '',
    },
  };
  const charged: number[] = [];
  const ledger = new Ledger(t.ctx, {
    charged: (who, delta) => (charged.push(delta), (who.user.quota -= delta)),
  });
  const rt = { ctx: t.ctx, ledger, auth: { authenticate: () => caller } } as unknown as RelayRuntime;
  const info: AttemptInfo = {
    requestedModel: 'gpt-4o-realtime-preview',
    upstreamModel: 'gpt-4o-realtime-preview',
    channelId: 1,
    useChannel: ['1'],
    group: 'default',
    isStream: true,
    startedAt: 0,
    frtMs: 0,
  };
  const meter = new RealtimeMeter(rt, caller, '127.0.0.1', price, info, 500_000);
  return { meter, ledger, caller, charged, held: () => ledger.holds.user(userId) };
}

const done = (text: [number, number], audio: [number, number]) => ({
  type: 'response.done',
  response: {
    usage: {
      input_tokens: text[0] + audio[0],
      output_tokens: text[1] + audio[1],
      input_token_details: { text_tokens: text[0], audio_tokens: audio[0] },
      output_token_details: { text_tokens: text[1], audio_tokens: audio[1] },
    },
  },
});
const audioDelta = (seconds: number) => ({
  type: 'response.audio.delta',
  delta: Buffer.alloc(Math.round(seconds * 48_000)).toString('base64'),
});

describe('RealtimeMeter', () => {
  it("holds new-api's pre-consumption at the dearest price, or what the balance has", () => {
    expect(setup(1_000_000).held()).toBe(500 * 100);
    const poor = setup(20_000);
    expect(poor.held()).toBe(20_000);
    expect(() => setup(0)).toThrow(expect.objectContaining({ code: 'insufficient_user_quota' }));
  });

  it('settles each response at its usage and holds for the next one; an idle end releases the hold', async () => {
    const m = setup(1_000_000);
    expect(await m.meter.upstream({ type: 'response.created' })).toBeUndefined();
    expect(await m.meter.upstream(done([10, 3], [7, 5]))).toBeUndefined();
    expect(m.charged).toEqual([905]);
    expect(m.held()).toBeGreaterThan(0);
    await m.meter.finish();
    expect(m.held()).toBe(0);
    expect(m.charged).toEqual([905]);
  });

  it('grows the hold as a response streams, and cuts it when the balance cannot follow', async () => {
    const m = setup(60_000);
    await m.meter.upstream({ type: 'response.created' });
    // 10 s of audio out ≈ 138 tokens × 100 quota: within 60,000 once grown.
    expect(await m.meter.upstream(audioDelta(10))).toBeUndefined();
    expect(m.held()).toBeGreaterThan(13_800);
    // 40 s more: past the balance.
    expect(await m.meter.upstream(audioDelta(40))).toMatchObject({ code: 'insufficient_user_quota' });
    await m.meter.finish();
    // The cut response is billed at the relay's count, capped at the balance; nothing stays held.
    expect(m.charged).toEqual([60_000]);
    expect(m.held()).toBe(0);
  });

  it('ends the session when a settled response leaves no balance', async () => {
    const m = setup(905);
    await m.meter.upstream({ type: 'response.created' });
    expect(await m.meter.upstream(done([10, 3], [7, 5]))).toMatchObject({ code: 'insufficient_user_quota' });
    expect(m.charged).toEqual([905]);
    await m.meter.finish();
    expect(m.held()).toBe(0);
  });

  it('charges a per-call price once, and nothing for a session that answered nothing', async () => {
    const flat = { ...PRICE, modelPrice: 0.05 };
    const m = setup(1_000_000, flat);
    expect(m.held()).toBe(25_000);
    await m.meter.upstream(done([10, 3], [7, 5]));
    await m.meter.upstream(done([30, 3], [7, 5]));
    await m.meter.finish();
    expect(m.charged).toEqual([25_000]);
    const idle = setup(1_000_000, flat);
    await idle.meter.finish();
    expect(idle.charged).toEqual([]);
    expect(idle.held()).toBe(0);
  });
});
