import { LogType, Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { expectRefusal } from '../../testing/refusal.js';
import { createChannels } from '../channels/channel-test-kit.js';

const HOUR = 1_800_000_000 - (1_800_000_000 % 3600);

// Kysely's aggregates differ by dialect (PostgreSQL sums to strings), so every dialect of the run.
describe.each(testDialects())('%s', (dialect) => {
  let t: TestApp;
  let root: Caller;
  let alice: Caller;
  let channel: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    root = await t.root();
    alice = await t.userWithRole(Role.Common, { username: 'alice' });
    [channel] = (await createChannels(t, root, { name: 'fast-lane' })) as [number];
    const usage = (userId: number, username: string, createdAt: number, quota: number, model = 'gpt-4o') => ({
      user_id: userId,
      username,
      model_name: model,
      created_at: createdAt,
      token_used: quota * 2,
      count: 1,
      quota,
    });
    await t.ctx.db
      .insertInto('quota_data')
      .values([
        usage(alice.id, 'alice', HOUR, 10),
        usage(alice.id, 'alice', HOUR, 7, 'gpt-4o-mini'),
        usage(root.id, 'root', HOUR, 5),
        // Outside the window.
        usage(root.id, 'root', HOUR + 10 * 3600, 1000),
      ])
      .execute();
    const log = (channelId: number, createdAt: number, quota: number, type: number = LogType.Consume) => ({
      user_id: alice.id,
      created_at: createdAt,
      type,
      content: '',
      username: 'alice',
      token_name: 'main',
      model_name: 'gpt-4o',
      quota,
      prompt_tokens: 3,
      completion_tokens: 4,
      use_time: 1,
      is_stream: 0,
      channel_id: channelId,
      token_id: 0,
      group: 'default',
      other: '',
    });
    await t.ctx.db
      .insertInto('logs')
      .values([
        log(channel, HOUR + 1, 30),
        log(channel, HOUR + 2, 12),
        log(999, HOUR + 3, 50),
        // A top-up in the window and a consumption outside it are left out.
        log(channel, HOUR + 4, 500, LogType.TopUp),
        log(channel, HOUR + 20 * 3600, 700),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, who: Caller) => t.call({ method: 'GET', url, headers: who.headers });
  const window = `start_timestamp=${HOUR}&end_timestamp=${HOUR + 7200}`;

  describe('GET /api/data/users', () => {
    it('ranks the users of the window by quota, summing their hourly rows', async () => {
      const body = (await get(`/api/data/users?${window}`, root)).json();
      expect(body).toMatchObject({ success: true });
      expect(body.data).toEqual([
        { user_id: alice.id, username: 'alice', quota: 17, count: 2, token_used: 34 },
        { user_id: root.id, username: 'root', quota: 5, count: 1, token_used: 10 },
      ]);
    });

    it('is admin only and needs a window', async () => {
      expectRefusal(await get(`/api/data/users?${window}`, alice));
      expectRefusal(await get('/api/data/users', root));
    });
  });

  describe('GET /api/data/channels', () => {
    it('ranks channels by the quota of their consumption logs in the window, with their names', async () => {
      const body = (await get(`/api/data/channels?${window}`, root)).json();
      expect(body.data).toEqual([
        { channel_id: 999, channel_name: '', quota: 50, count: 1, token_used: 7 },
        { channel_id: channel, channel_name: 'fast-lane', quota: 42, count: 2, token_used: 14 },
      ]);
    });

    it('is admin only and refuses a reversed window', async () => {
      expectRefusal(await get(`/api/data/channels?${window}`, alice));
      expectRefusal(await get(`/api/data/channels?start_timestamp=${HOUR}&end_timestamp=${HOUR - 1}`, root));
    });
  });
});
