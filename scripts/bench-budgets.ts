// The cost of period budgets on the relay's hot path: admission (free balance, hold) and settlement of one
// request, for a token with no budget and for a token with two (its own daily budget and its user's rolling
// day), in the same process on the same ledger. Prints the p50 and p99 per request of 100 batches of 200, three rounds.
// Run: node --conditions=source --import tsx scripts/bench-budgets.ts
import { createTestApp } from '../packages/server/src/testing/test-app.js';
import { Ledger } from '../packages/server/src/relay/billing/ledger.js';
import type { RelayCaller } from '../packages/server/src/relay/core/caller.js';
import type { ConsumeRecord } from '../packages/server/src/relay/billing/consume-record.js';

const t = await createTestApp();
const user = await t.userWithRole(1, { quota: 1e15 });
const ledger = new Ledger(t.ctx, { charged: () => undefined });

const caller = (id: number, budgets: boolean): RelayCaller => ({
  user: {
    id: user.id,
    username: 'u',
    role: 1,
    status: 1,
    group: 'default',
    quota: 1e15,
    quotaWarningThreshold: null,
    ...(budgets ? { budget: { period: 'rolling_day' as const, quota: 1e14, requests: 1e9 } } : {}),
  },
  token: {
    id,
    userId: user.id,
    name: 't',
    status: 1,
    expiredTime: -1,
    unlimited: true,
    remainQuota: 0,
    modelLimits: null,
    allowIps: null,
    group: '',
    ...(budgets ? { budget: { period: 'day' as const, quota: 1e14, requests: 0 } } : {}),
  },
});

const record = (): ConsumeRecord => ({
  modelName: 'gpt-4o-mini',
  promptTokens: 10,
  completionTokens: 100,
  quota: 60,
  channelId: 0,
  useTimeS: 0,
  isStream: false,
  group: 'default',
  content: '',
  other: {},
});

const plain = caller(1, false);
const budgeted = caller(2, true);
ledger.budgets.primed(ledger.budgets.unknown(budgeted), new Map());

/** One request's ledger work: admission as admitChat does it, then settlement. */
function request(c: RelayCaller): void {
  if (ledger.free(c, false) < 200) throw new Error('short');
  const hold = ledger.reserve(c, 200, false);
  void ledger.settle(c, hold, record(), false);
}

const BATCH = 200;
function measure(c: RelayCaller): number[] {
  const perRequestUs: number[] = [];
  for (let b = 0; b < 100; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) request(c);
    perRequestUs.push(Number(process.hrtime.bigint() - start) / 1000 / BATCH);
  }
  return perRequestUs.sort((x, y) => x - y);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
// Warm both paths up, then alternate so load on the machine falls on both alike.
measure(plain);
measure(budgeted);
const runs = { none: [] as number[], two: [] as number[] };
for (let r = 0; r < 3; r++) {
  runs.none.push(...measure(plain));
  runs.two.push(...measure(budgeted));
  await ledger.flush();
}
runs.none.sort((x, y) => x - y);
runs.two.sort((x, y) => x - y);
const row = (name: string, xs: number[]) =>
  `${name.padEnd(22)} p50 ${pct(xs, 50).toFixed(2)} µs   p99 ${pct(xs, 99).toFixed(2)} µs`;
console.log(row('no budget', runs.none));
console.log(row('two budgets', runs.two));
console.log(
  `added to p50: ${((pct(runs.two, 50) - pct(runs.none, 50)) / 1000).toFixed(4)} ms (target ≤ 0.05 ms)`,
);
await ledger.flush();
await t.close();
