import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let root: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  root = await server.env('root');
});
afterAll(() => server.mock.close());

describe('tokens create|update budget flags', () => {
  it('sets a daily budget with requests and caps, then moves it to a monthly one', async () => {
    const made = await runCli(
      [
        'tokens',
        'create',
        '--name',
        'bud',
        '--unlimited',
        '--daily',
        '$2',
        '--requests',
        '50',
        '--concurrency',
        '3',
        '--rpm',
        '20',
      ],
      { env: root },
    );
    expect(made.code).toBe(0);
    const [t] = JSON.parse(
      (
        await runCli(
          'tokens search bud --json id,period,period_quota,period_requests,max_concurrency,rpm_limit',
          { env: root },
        )
      ).stdout,
    ) as { id: number }[];
    expect(t).toMatchObject({
      period: 'day',
      period_quota: 1_000_000,
      period_requests: 50,
      max_concurrency: 3,
      rpm_limit: 20,
    });
    const up = await runCli(['tokens', 'update', String(t!.id), '--monthly', '5000'], { env: root });
    expect(up.code).toBe(0);
    const [after] = JSON.parse(
      (await runCli('tokens search bud --json period,period_quota,period_requests', { env: root })).stdout,
    );
    expect(after).toEqual({ period: 'month', period_quota: 5000, period_requests: 50 });
  });

  it('refuses two periods at once and requests without a period', async () => {
    const two = await runCli(['tokens', 'create', '--name', 'x', '--daily', '1', '--weekly', '1'], {
      env: root,
    });
    expect(two.code).not.toBe(0);
    expect(two.stderr).toContain('--daily, --weekly');
    const bare = await runCli(['tokens', 'create', '--name', 'x', '--requests', '5'], { env: root });
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toContain('--requests needs a period');
  });
});
