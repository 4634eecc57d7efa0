import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.drawings', () => {
  it("lists everyone's drawings for an admin, and only one's own for a user", async () => {
    const all = await env.admin.drawings.list();
    expect(all.items.length).toBeGreaterThan(0);
    const own = await env.alice.drawings.listSelf();
    expect(own.items.every((d) => d.user_id === Number(env.alice.userId))).toBe(true);
    expect(own.items.length).toBeLessThanOrEqual(all.items.length);
  });

  it('filters by every parameter', async () => {
    const sample = (await env.admin.drawings.list()).items[0];
    if (!sample) return;
    const page = await env.admin.drawings.list({
      page: 1,
      pageSize: 10,
      channel_id: sample.channel_id,
      mj_id: sample.mj_id,
      start_timestamp: Math.floor(sample.submit_time / 1000) - 1,
      end_timestamp: Math.floor(sample.submit_time / 1000) + 1,
    });
    expect(page.items.map((d) => d.id)).toEqual([sample.id]);
  });

  it('refuses common users on the admin list, and a bad window before sending', async () => {
    await expect(env.alice.drawings.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(
      env.alice.drawings.listSelf({ start_timestamp: 5, end_timestamp: 1 }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
