import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** How long the sink holds each mail: far longer than an answer may take. */
const SMTP_DELAY_MS = 600;
const ROUNDS = 5;

let t: TestApp;
let sink: SmtpSink;
let now = 1_800_000_000;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  sink = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
  await sink.configure(t.ctx);
  await t.ctx.options.set('ServerAddress', 'https://gw.example');
  const { id } = await t.userWithRole(1, { username: 'known' });
  await t.ctx.db.updateTable('users').set({ email: 'known@example.com' }).where('id', '=', id).execute();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median answer time of `path?email=` for each address, taking turns, each round past the resend limit. */
async function answerTimes(path: string, addresses: (round: number) => string[]): Promise<number[]> {
  const times: number[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    now += 3600;
    for (const [i, email] of addresses(round).entries()) {
      const start = performance.now();
      const res = await t.call({ method: 'GET', url: `${path}?email=${encodeURIComponent(email)}` });
      (times[i] ??= []).push(performance.now() - start);
      expect(res.json()).toEqual({ success: true, message: '' });
    }
  }
  return times.map(median);
}

/** Alike: neither waits for the SMTP server, and each within 3x (+50 ms of scheduling noise) of the other. */
function expectAlike([known, unknown]: number[]) {
  expect(known, 'known address').toBeLessThan(SMTP_DELAY_MS / 3);
  expect(known, 'known vs unknown').toBeLessThan(unknown! * 3 + 50);
  expect(unknown, 'unknown vs known').toBeLessThan(known! * 3 + 50);
}

describe('mail answers do not tell known addresses from unknown ones by their time', () => {
  it('GET /api/reset_password answers before mailing', async () => {
    const sent = sink.mails.length;
    expectAlike(await answerTimes('/api/reset_password', () => ['known@example.com', 'nobody@example.com']));
    // The known address still got every link, the unknown one nothing.
    const mails = await sink.waitFor(sent + ROUNDS, 10_000);
    expect(mails.slice(sent).map((m) => m.envelopeTo[0])).toEqual(Array(ROUNDS).fill('known@example.com'));
  });

  it('GET /api/verification answers a taken and a free address alike, before mailing', async () => {
    const sent = sink.mails.length;
    const times = await answerTimes('/api/verification', (round) => [
      'known@example.com',
      `free${round}@example.com`,
    ]);
    expectAlike(times);
    await sink.waitFor(sent + 2 * ROUNDS, 10_000);
  });
});
