import { expect } from 'vitest';
import type { Caller, TestApp } from '../../testing/test-app.js';

/** A valid create body; tests override what they exercise. */
export const channelBody = (over: Record<string, unknown> = {}) => ({
  name: 'main',
  key: 'sk-secret-1',
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  ...over,
});

/** Creates channels through the API as `admin`; answers the new ids. */
export async function createChannels(
  t: TestApp,
  admin: Caller,
  over: Record<string, unknown> = {},
): Promise<number[]> {
  const res = await t.call({
    method: 'POST',
    url: '/api/channel/',
    headers: admin.headers,
    payload: channelBody(over),
  });
  expect(res.json()).toMatchObject({ success: true });
  return res.json().data;
}

/** A channel's ability rows in a stable order. */
export const abilitiesOf = (t: TestApp, id: number) =>
  t.ctx.db
    .selectFrom('abilities')
    .selectAll()
    .where('channel_id', '=', id)
    .orderBy('group')
    .orderBy('model')
    .execute();
