import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelStatus } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannels } from './channel-test-kit.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** An OpenAI-style billing API: `/rich` has $99.50 left, `/spent` nothing. */
function billing(): Server {
  return createServer((req, res) => {
    const [, account, , , what] = (req.url ?? '').split('?')[0]!.split('/');
    const body =
      what === 'subscription' ? { hard_limit_usd: 120 } : { total_usage: account === 'rich' ? 2050 : 12_000 };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
}

describe('CHANNEL_UPDATE_FREQUENCY', () => {
  let upstream: Server;
  let base = '';
  let t: TestApp;
  beforeAll(async () => {
    upstream = billing();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    // 0.005 minutes: a refresh every 300 ms.
    t = await createTestApp({ config: { channelUpdateFrequencyMin: 0.005 } });
  });
  afterAll(async () => {
    await t.close();
    upstream.close();
  });

  it('refreshes every enabled channel periodically and disables an empty one when automatic disabling is on', async () => {
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const admin = await t.root();
    const [rich] = await createChannels(t, admin, { name: 'rich', base_url: `${base}/rich` });
    const [spent] = await createChannels(t, admin, { name: 'spent', base_url: `${base}/spent` });
    const row = (id: number) =>
      t.ctx.db
        .selectFrom('channels')
        .select(['balance', 'balance_updated_time', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const deadline = Date.now() + 5_000;
    while ((await row(spent!)).status === ChannelStatus.Enabled && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await row(rich!)).toMatchObject({ balance: 99.5, status: ChannelStatus.Enabled });
    expect((await row(rich!)).balance_updated_time).toBeGreaterThan(0);
    expect(await row(spent!)).toMatchObject({ balance: 0, status: ChannelStatus.AutoDisabled });
  });
});

describe('without CHANNEL_UPDATE_FREQUENCY', () => {
  it('never refreshes on its own', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.root();
      const [id] = await createChannels(t, admin, { base_url: 'http://127.0.0.1:9/rich' });
      await new Promise((r) => setTimeout(r, 700));
      const row = await t.ctx.db
        .selectFrom('channels')
        .select('balance_updated_time')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      expect(row.balance_updated_time).toBe(0);
    } finally {
      await t.close();
    }
  });
});
