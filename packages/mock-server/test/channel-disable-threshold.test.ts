import { ChannelStatus } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel, optionSetter } from './helpers.js';

let mock: MockServer;
let setOption: (key: string, value: string) => Promise<void>;
let admin: Record<string, string>;

beforeAll(async () => {
  mock = await createMockServer({ seed: 41 });
  setOption = await optionSetter(mock);
  const { username, password } = mock.credentials.users.root;
  const res = await fetch(`${mock.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { id: number } };
  admin = { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'new-api-user': String(data.id) };
}, 60_000);
afterAll(() => mock.close());

/** A channel whose test model answers after a second (the fake's `slow-1000`). */
async function slowChannel(name: string, autoBan: boolean): Promise<number> {
  const id = await addChannel(mock, { name, type: 1, models: ['slow-1000'] });
  await mock.db
    .updateTable('channels')
    .set({ test_model: 'slow-1000', auto_ban: autoBan ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  mock.ctx.events.emit('channels', [id]);
  return id;
}

const status = async (id: number) =>
  (await mock.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const api = async (path: string) =>
  (await (await fetch(`${mock.url}${path}`, { headers: admin })).json()) as Record<string, unknown>;

describe('ChannelDisableThreshold, as new-api applies it', { timeout: 60_000 }, () => {
  it('passes a slow single test, reporting its time; the channel stays enabled', async () => {
    await setOption('ChannelDisableThreshold', '0.5');
    const id = await slowChannel('slow-single', true);
    const res = await api(`/api/channel/test/${id}`);
    expect(res).toMatchObject({ success: true, message: '' });
    expect(res.time as number).toBeGreaterThanOrEqual(1);
    expect(await status(id)).toBe(ChannelStatus.Enabled);
  });

  it('disables a slow channel in a test of all channels, even with automatic disabling off', async () => {
    expect(mock.ctx.options.bool('AutomaticDisableChannelEnabled')).toBe(false);
    await setOption('ChannelDisableThreshold', '0.5');
    const slow = await slowChannel('slow-ban', true);
    const kept = await slowChannel('slow-no-ban', false);
    expect(await api('/api/channel/test')).toMatchObject({ success: true });
    await expect
      .poll(() => status(slow), { timeout: 30_000, interval: 200 })
      .toBe(ChannelStatus.AutoDisabled);
    const other = await mock.db
      .selectFrom('channels')
      .select('other_info')
      .where('id', '=', slow)
      .executeTakeFirstOrThrow();
    expect(other.other_info).toMatch(/响应时间 1\.\d\ds 超过阈值 0\.50s/);
    // auto_ban 0 keeps a channel on whatever its tests show.
    await expect.poll(async () => (await api('/api/channel/test')).success, { timeout: 30_000 }).toBe(true);
    expect(await status(kept)).toBe(ChannelStatus.Enabled);
  });

  it('disables nothing for slowness when the threshold is 0', async () => {
    await setOption('ChannelDisableThreshold', '0');
    const id = await slowChannel('slow-zero', true);
    // The run the last test started may still be going: start one once it is over.
    await expect.poll(async () => (await api('/api/channel/test')).success, { timeout: 30_000 }).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await mock.db
              .selectFrom('channels')
              .select('test_time')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).test_time,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect(await status(id)).toBe(ChannelStatus.Enabled);
  });
});
