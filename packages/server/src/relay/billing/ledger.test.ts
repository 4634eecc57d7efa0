import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { CallerBalances } from '../core/balances.js';
import type { RelayCaller } from '../core/caller.js';
import type { ConsumeRecord } from './consume-record.js';
import { Ledger } from './ledger.js';

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.userWithRole(1, { quota: 1_000 })).id;
});
afterAll(() => t.close());

const callerOf = (quota: number, remainQuota: number): RelayCaller => ({
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
    unlimited: false,
    remainQuota,
    modelLimits: null,
    allowIps: null,
    group: '',
  },
});

const record = (quota: number): ConsumeRecord => ({
  modelName: 'gpt-4o-mini',
  promptTokens: 1,
  completionTokens: 1,
  quota,
  channelId: 0,
  useTimeS: 0,
  isStream: false,
  group: 'default',
  content: '',
  other: {},
});

describe('Ledger and the cached balances', () => {
  it("reads the caller's balances but leaves them to their owner, telling it of each charge", async () => {
    const charges: [RelayCaller, number, boolean][] = [];
    const balances: CallerBalances = {
      charged: (caller, delta, limited) => charges.push([caller, delta, limited]),
    };
    const ledger = new Ledger(t.ctx, balances);
    const caller = callerOf(1_000, 500);
    await ledger.settle(caller, ledger.reserve(caller, 300, false), record(120), false);
    // Capped at what the hold and the free balance cover: the token's 500.
    await ledger.settle(caller, ledger.reserve(caller, 100, false), record(900), false);
    await ledger.settle(caller, ledger.reserve(caller, 100, true), record(40), true);
    expect(charges).toEqual([
      [caller, 120, true],
      [caller, 500, true],
      [caller, 40, false],
    ]);
    expect([caller.user.quota, caller.token.remainQuota]).toEqual([1_000, 500]);
    await ledger.flush();
  });
});
